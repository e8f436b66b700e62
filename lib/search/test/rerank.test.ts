import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  e2eRerankerPath,
  fitLinearModel,
  type JudgedCandidates,
  linearScore,
  modelProbability,
  readLinearModel,
} from "../index.js";

// Queries whose relevant candidate is told by feature 0 (feature 1 is noise that points the
// other way half the time): a fit must weigh feature 0 up and order the relevant one first.
function queries(n: number): JudgedCandidates[] {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, () => {
    const features = Array.from({ length: 6 }, () => [rand() * 0.5, rand()]);
    features[0]![0]! += 0.3;
    return { features, relevant: features.map((_, i) => i === 0) };
  });
}

const dir = mkdtempSync(join(tmpdir(), "rerank-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fitted linear re-ranker", () => {
  it("learns which feature tells the relevant candidate and ranks it first on unseen queries", () => {
    const model = fitLinearModel(["signal", "noise"], queries(80));
    expect(model.weights[0]).toBeGreaterThan(Math.abs(model.weights[1]!) * 3);
    const unseen = queries(120).slice(80);
    const first = unseen.filter((q) => {
      const scores = q.features.map((x) => linearScore(model, x));
      return scores.indexOf(Math.max(...scores)) === 0;
    });
    expect(first.length / unseen.length).toBeGreaterThan(0.6);
  });

  it("gives the same model for the same data (no randomness in the fit)", () => {
    expect(fitLinearModel(["a", "b"], queries(40))).toEqual(fitLinearModel(["a", "b"], queries(40)));
  });

  it("lets a query's weight decide between queries that disagree: a few heavy ones outweigh many light ones", () => {
    // Many queries whose relevant candidate is told by feature a, a few by feature b: one linear
    // order cannot serve both, so the side that weighs more in all wins.
    const told = (by: 0 | 1): JudgedCandidates => ({
      features: [by === 0 ? [1, 0] : [0, 1], by === 0 ? [0, 1] : [1, 0]],
      relevant: [true, false],
    });
    const many = Array.from({ length: 40 }, () => told(0));
    const few = Array.from({ length: 10 }, () => told(1));
    const even = fitLinearModel(["a", "b"], [...many, ...few]);
    const heavy = fitLinearModel(["a", "b"], [...many, ...few.map((q) => ({ ...q, weight: 20 }))]);
    expect(even.weights[0]).toBeGreaterThan(even.weights[1]!);
    expect(heavy.weights[1]).toBeGreaterThan(heavy.weights[0]!);
  });

  it("shows a probability that rises with the ranking score", () => {
    const model = fitLinearModel(["signal", "noise"], queries(80));
    const low = modelProbability(model, [0.1, 0.5]);
    const high = modelProbability(model, [0.9, 0.5]);
    expect(low).toBeGreaterThan(0);
    expect(high).toBeLessThan(1);
    expect(high).toBeGreaterThan(low);
  });

  it("refuses a saved model fitted for other features, naming the command that fits it", () => {
    const file = join(dir, "model.json");
    writeFileSync(file, JSON.stringify(fitLinearModel(["a", "b"], queries(20))));
    expect(readLinearModel(file, ["a", "b"]).features).toEqual(["a", "b"]);
    expect(() => readLinearModel(file, ["a", "c"])).toThrow(
      /not a re-ranker for the features a, c.*fit:e2e-search/,
    );
  });

  it("ships e2e search's models as data files (word vectors; with an embeddings endpoint): at most 15 features and 20 free parameters each", () => {
    for (const channel of ["words", "http"] as const) {
      const path = e2eRerankerPath(channel);
      const { features } = JSON.parse(readFileSync(path, "utf8")) as { features: string[] };
      const model = readLinearModel(path, features);
      expect(model.features.length).toBeLessThanOrEqual(15);
      expect(model.weights.length + 2).toBeLessThanOrEqual(20);
    }
  });
});
