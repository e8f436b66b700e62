import { describe, expect, it } from "vitest";
import { fitPriorSmoothing, type GroupedExample } from "../index.js";

const app = (group: string, rows: [string, string][]): GroupedExample[] =>
  rows.map(([query, method]) => ({ group, query, methods: [method] }));

// In every app "zap" asks for DELETE and "list" for GET: a word's counts can be trusted.
const consistent = ["a", "b", "c", "d"].flatMap((g) =>
  app(g, [
    ["zap the cat", "DELETE"],
    ["zap a dog", "DELETE"],
    ["list the cats", "GET"],
    ["list dogs", "GET"],
    ["add a cat", "POST"],
  ]),
);

// "handle" asks for a different method in each app: its counts say nothing about a new app.
const noisy = (["GET", "POST", "DELETE", "PUT"] as const).flatMap((method, i) =>
  app(`app${i}`, [
    [`handle the cat ${i}`, method],
    [`handle a dog ${i}`, method],
    [`handle it ${i}`, method],
    [`list the cats ${i}`, "GET"],
    [`add a cat ${i}`, "POST"],
  ]),
);

describe("the method prior's fitted smoothing", () => {
  it("trusts a word's counts (few pseudo-counts) when they carry over to an app left out", () => {
    const s = fitPriorSmoothing(consistent);
    expect(s.first).toBe(0.25);
    expect(s.all).toBe(0.25);
  });

  it("pulls a word toward P(method) (many pseudo-counts) when its counts do not carry over", () => {
    const s = fitPriorSmoothing(noisy);
    expect(s.first).toBeGreaterThan(fitPriorSmoothing(consistent).first);
    expect(s.first).toBeGreaterThanOrEqual(4);
  });

  it("gives the same values for the same queries in any order", () => {
    expect(fitPriorSmoothing([...noisy].reverse())).toEqual(fitPriorSmoothing(noisy));
  });

  it("leaves one query out at a time when every query is of one app", () => {
    const one = consistent.map((e) => ({ ...e, group: "solo" }));
    expect(fitPriorSmoothing(one).first).toBe(0.25);
  });

  it("refuses fewer than 2 queries with an HTTP answer: nothing is left to score on", () => {
    expect(() => fitPriorSmoothing(app("solo", [["zap it", "DELETE"]]))).toThrow(/at least 2 queries.*got 1/);
  });
});
