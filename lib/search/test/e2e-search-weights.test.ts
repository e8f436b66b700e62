import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { e2eSearchWeightsPath, parseE2eSearchWeights, readE2eSearchWeights } from "../index.js";

const dir = mkdtempSync(join(tmpdir(), "e2e-search-weights-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const valid = {
  weights: {
    boosts: { name: 2, words: 1, hint: 0.5 },
    vocabulary: { group: 0.5, standsIn: 0.99, phrase: 1 },
    hybrid: { vectorWeight: 0.2, softWeight: 0.6, minScore: 0.15 },
  },
};

describe("e2e search's fitted first-stage weights", () => {
  it("reads the committed table, which names the command that wrote it", () => {
    const weights = readE2eSearchWeights();
    expect(Object.keys(weights).sort()).toEqual(["boosts", "hybrid", "vocabulary"]);
    expect(weights.vocabulary.standsIn).toBeLessThan(1);
    const file = e2eSearchWeightsPath();
    const written = JSON.parse(readFileSync(file, "utf8")) as { command: string };
    expect(written.command).toContain("npm run fit:e2e-search-weights");
  });

  it("reads a table from another path as it is written", () => {
    const path = join(dir, "weights.json");
    writeFileSync(
      path,
      JSON.stringify({ ...valid, weights: { ...valid.weights, boosts: { name: 3, words: 1, hint: 1 } } }),
    );
    expect(readE2eSearchWeights(path).boosts).toEqual({ name: 3, words: 1, hint: 1 });
  });

  it("refuses a missing or negative weight, naming it and the command that refits it", () => {
    const missing = { weights: { ...valid.weights, hybrid: { vectorWeight: 0.2, softWeight: 0.6 } } };
    expect(() => parseE2eSearchWeights(missing, "t.json")).toThrow(
      /t\.json: weights\.hybrid\.minScore must be a number ≥ 0, got undefined; fit it again \(npm run fit:e2e-search-weights\)/,
    );
    const negative = { weights: { ...valid.weights, boosts: { name: -1, words: 1, hint: 1 } } };
    expect(() => parseE2eSearchWeights(negative, "t.json")).toThrow(/weights\.boosts\.name .* got -1/);
  });

  it("refuses a stand-in weight of 1, which would count a group word as one more word the user asked for", () => {
    const one = { weights: { ...valid.weights, vocabulary: { group: 0.5, standsIn: 1, phrase: 1 } } };
    expect(() => parseE2eSearchWeights(one, "t.json")).toThrow(/standsIn must be below 1/);
  });
});
