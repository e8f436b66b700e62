// Pseudo-relevance feedback (relevance-feedback.ts): the words the first ranking's best documents
// share become weighted query terms.
import { describe, expect, it } from "vitest";
import { feedbackTerms, LexicalIndex, queryTerms } from "../index.js";

describe("feedbackTerms", () => {
  const index = new LexicalIndex();
  index.set("star", "endpoint", [["star song favourite track", 1]]);
  index.set("unstar", "endpoint", [["unstar song favourite track", 1]]);
  index.set("rating", "endpoint", [["set rating song", 1]]);
  index.set("scan", "endpoint", [["start scan library", 1]]);
  index.set("genre", "endpoint", [["songs by genre", 1]]);
  const own = queryTerms("song");

  it("takes the words the best documents share, the user's own left out, the strongest at weight 1", () => {
    const terms = feedbackTerms(
      index,
      [
        { key: "star", score: 0.9 },
        { key: "unstar", score: 0.8 },
        { key: "scan", score: 0.01 },
      ],
      own,
      { documents: 2 },
    );
    const weight = new Map(terms.map((t) => [t.term, t.weight]));
    expect(weight.has("song")).toBe(false);
    expect(weight.has("scan")).toBe(false);
    expect(Math.max(...weight.values())).toBe(1);
    for (const w of weight.values()) expect(w).toBeGreaterThan(0);
    // Both feedback documents hold "favourite": it outweighs "unstar", which one of them holds.
    expect(weight.get("favourite")).toBeGreaterThan(weight.get("unstar")!);
  });

  it("keeps at most `terms` words and reads only the first `documents`", () => {
    const ranked = ["star", "unstar", "rating", "scan", "genre"].map((key) => ({ key, score: 1 }));
    expect(feedbackTerms(index, ranked, own, { terms: 3 })).toHaveLength(3);
    const one = feedbackTerms(index, ranked, own, { documents: 1 }).map((t) => t.term);
    expect(one.sort()).toEqual(["favourite", "star", "track"]);
  });

  it("gives nothing without a feedback document of positive score", () => {
    expect(feedbackTerms(index, [], own)).toEqual([]);
    expect(feedbackTerms(index, [{ key: "star", score: 0 }], own)).toEqual([]);
  });
});
