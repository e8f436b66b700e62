import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  e2eMethodPriorPath,
  learnMethodPrior,
  methodPriorOf,
  readMethodPrior,
  writeMethodPrior,
} from "../index.js";

const dir = mkdtempSync(join(tmpdir(), "method-prior-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const examples = [
  { query: "zap the cat", methods: ["DELETE"] },
  { query: "zap a dog", methods: ["DELETE"] },
  { query: "list the cats", methods: ["GET"] },
  { query: "list dogs", methods: ["GET"] },
  { query: "how many cats are there", methods: ["GET"] },
  { query: "add a cat", methods: ["POST"] },
];

/** The pseudo-counts the prior was first learned with (since 2026-11-28 fitted: method-prior-smoothing.ts). */
const smoothing = { first: 2, all: 2, base: 1 };

describe("the learned method prior", () => {
  it("learns from the answers which method a word asks for: 'zap' for DELETE, not GET", () => {
    const lm = methodPriorOf(learnMethodPrior(examples, smoothing), "zap the hamster");
    expect(lm("DELETE").first).toBeGreaterThan(0.5);
    expect(lm("GET").first).toBeLessThan(0);
    expect(lm("DELETE").all).toBeGreaterThan(0);
  });

  it("gives log P(method | word) − log P(method), smoothed with two pseudo-counts toward P(method)", () => {
    const prior = learnMethodPrior(examples, smoothing);
    // 6 queries: DELETE 2, so P(DELETE) = (2 + 1) / (6 + 5); "zap" first twice, both DELETE.
    const p = 3 / 11;
    expect(prior.first.zap!.DELETE).toBeCloseTo(Math.log((2 + 2 * p) / (2 + 2) / p), 5);
    expect(methodPriorOf(prior, "zap it")("DELETE").first).toBe(prior.first.zap!.DELETE);
  });

  it("keys the first-word table on the first word, stopwords kept, and the other on content words", () => {
    const prior = learnMethodPrior(examples, smoothing);
    expect(Object.keys(prior.first)).toContain("how");
    expect(Object.keys(prior.all)).not.toContain("how");
    expect(Object.keys(prior.all)).toContain("cat");
  });

  it("gives 0 for a query whose words it never saw and for anything but an HTTP method", () => {
    const lm = methodPriorOf(learnMethodPrior(examples, smoothing), "frobnicate the widget");
    expect(lm("DELETE")).toEqual({ first: 0, all: 0 });
    expect(methodPriorOf(learnMethodPrior(examples, smoothing), "zap a cat")(undefined)).toEqual({
      first: 0,
      all: 0,
    });
  });

  it("is deterministic and reads back as written, with the smoothing it was learned with", () => {
    const file = join(dir, "prior.json");
    writeMethodPrior(file, learnMethodPrior(examples, smoothing), "test", "six queries");
    expect(readMethodPrior(file)).toEqual(learnMethodPrior(examples, smoothing));
    expect(readMethodPrior(file).smoothing).toEqual(smoothing);
  });

  it("refuses a file that is not a prior, naming how to make one", () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ first: { zap: { DELETE: "much" } }, all: {} }));
    expect(() => readMethodPrior(file)).toThrow(/not a method prior.*fit:e2e-search/);
    writeFileSync(file, JSON.stringify({ first: {}, all: {}, smoothing: { first: "two" } }));
    expect(() => readMethodPrior(file)).toThrow(/"smoothing" must hold the numbers first, all and base/);
  });

  it("ships e2e search's table, fitted on the judged queries: 'delete' asks for DELETE", () => {
    const lm = methodPriorOf(readMethodPrior(e2eMethodPriorPath()), "delete my account");
    expect(lm("DELETE").first).toBeGreaterThan(lm("GET").first);
    expect(lm("DELETE").first).toBeGreaterThan(0);
  });
});
