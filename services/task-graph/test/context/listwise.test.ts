// The listwise fit behind the agent-context ranking (fit/listwise.ts): on queries whose right
// candidate follows a known rule, it learns that rule's direction and ranks unseen queries' right
// candidate first; a feature that only adds noise gets a small weight.
import { describe, expect, it } from "vitest";
import { firstGoldRank, fitListwise, type Query } from "../../src/domain/context/fit/listwise.js";

/** A fixed pseudo-random sequence (the test must give one answer). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** 20 candidates of 3 features; the gold maximises 2·x0 − x1 (x2 is noise). */
function queries(count: number, seed: number): Query[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const x = Array.from({ length: 20 }, () => [next(), next(), next()]);
    const truth = x.map((r) => 2 * r[0]! - r[1]!);
    const best = truth.indexOf(Math.max(...truth));
    return { x, gold: x.map((_, i) => i === best) };
  });
}

describe("fitListwise", () => {
  it("learns the rule's direction and ranks held-out queries' gold first", () => {
    const model = fitListwise(queries(200, 1), 3, { steps: 400 });
    expect(model.w[0]).toBeGreaterThan(0);
    expect(model.w[1]).toBeLessThan(0);
    expect(Math.abs(model.w[2]!)).toBeLessThan(Math.abs(model.w[1]!) / 3);
    const test = queries(200, 2);
    const hit1 = test.filter((q) => firstGoldRank(q, model.w) === 0).length / test.length;
    expect(hit1).toBeGreaterThan(0.8);
    // The opposite weights fail: the check can tell a fit from a guess.
    const wrong = test.filter((q) => firstGoldRank(q, [-1, 1, 0]) === 0).length / test.length;
    expect(wrong).toBeLessThan(0.1);
  });

  it("ignores queries with no gold candidate", () => {
    const none: Query = { x: [[1], [0]], gold: [false, false] };
    expect(fitListwise([none], 1).w).toEqual([0]);
  });
});
