// Soft term matching by word vectors.
import { describe, expect, it } from "vitest";
import { loadWordVectors } from "../../embedding/index.js";
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

  it("reads the table it is given (an embedder's own) once, on first use, and scores as with its own", () => {
    let reads = 0;
    const shared = new SoftMatcher(index, {
      vectors: () => {
        reads++;
        return loadWordVectors();
      },
    });
    expect(reads).toBe(0);
    const terms = queryTerms("money back requests");
    const keys = ["refund", "dark", "literal"];
    expect(shared.score(terms, keys)).toEqual(soft.score(terms, keys));
    shared.score(queryTerms("pending charts"), keys);
    expect(reads).toBe(1);
  });

  it("scores 0 for a query of words the vectors do not know", () => {
    const scores = soft.score(queryTerms("qwxz blorf"), ["refund", "literal"]);
    expect([...scores.values()]).toEqual([0, 0]);
  });

  it("ignores expansions: only the user's own words are covered", () => {
    const scores = soft.score([{ term: "money", weight: 0.5 }], ["literal"]);
    expect(scores.get("literal")).toBe(0);
  });

  it("with exactUnknown, counts a word the vectors lack but an item holds as covered by that item alone", () => {
    const api = new LexicalIndex();
    api.set("unfollow", "endpoint", [["unfollow profile", 1]]);
    api.set("users", "endpoint", [["delete user", 1]]);
    const terms = queryTerms("unfollow a user");
    const plain = new SoftMatcher(api).score(terms, ["unfollow", "users"]);
    // Left out, "unfollow" counts for nothing: the users endpoint covers the whole query.
    expect(plain.get("users")).toBeCloseTo(1, 5);
    const exact = new SoftMatcher(api, { exactUnknown: true }).score(terms, ["unfollow", "users"]);
    expect(exact.get("users")).toBeLessThan(1);
    expect(exact.get("unfollow")).toBeGreaterThan(exact.get("users")!);
    // A word no item holds (a typo) still counts for nothing.
    expect(
      new SoftMatcher(api, { exactUnknown: true }).score(queryTerms("qwxz user"), ["users"]).get("users"),
    ).toBeCloseTo(1, 5);
  });
});
