// Soft term matching by word vectors.
import { describe, expect, it } from "vitest";
import { LexicalIndex, queryTerms, SoftMatcher } from "../index.js";

describe("SoftMatcher", () => {
  const index = new LexicalIndex();
  index.set("refund", "issue", [["Refunds stuck in pending", 1]]);
  index.set("dark", "issue", [["Charts invisible in dark mode", 1]]);
  index.set("literal", "issue", [["Money back requests", 1]]);
  const soft = new SoftMatcher(index);

  it("gives a document with close words part of the credit, an unrelated one none, a literal one all", () => {
    const scores = soft.score(queryTerms("money back requests"), ["refund", "dark", "literal"]);
    expect(scores.get("literal")).toBeCloseTo(1, 5);
    expect(scores.get("refund")).toBeGreaterThan(0.1);
    expect(scores.get("refund")).toBeLessThan(1);
    expect(scores.get("dark")).toBeLessThan(scores.get("refund")!);
  });

  it("scores 0 for a query of words the vectors do not know", () => {
    const scores = soft.score(queryTerms("qwxz blorf"), ["refund", "literal"]);
    expect([...scores.values()]).toEqual([0, 0]);
  });

  it("ignores expansions: only the user's own words are covered", () => {
    const scores = soft.score([{ term: "money", weight: 0.5 }], ["literal"]);
    expect(scores.get("literal")).toBe(0);
  });
});
