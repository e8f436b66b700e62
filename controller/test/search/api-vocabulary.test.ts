// The API vocabulary: what a query's phrasal verbs stand for, also when the object sits between
// verb and particle, at the phrase weight; and how much a group word weighs.
import { describe, expect, it } from "vitest";
import { stem } from "../../../lib/embedding/index.js";
import { LexicalIndex } from "../../../lib/search/index.js";
import { ApiVocabulary } from "../../src/search/api-vocabulary.js";

/** Weights given here (the shipped ones are fitted: lib/search e2e-search-weights.ts), so the mechanism is what is tested. */
const WEIGHTS = { group: 0.5, standsIn: 0.99, phrase: 1 };
const words = (query: string) => new ApiVocabulary(new Set(), WEIGHTS).phraseTerms(query);

describe("API vocabulary phrases", () => {
  it("reads a phrasal verb with its object in between as the word it stands for", () => {
    expect(words("switch a feature on")).toEqual([{ term: stem("enable"), weight: 1 }]);
    expect(words("turn the dark mode off")).toEqual([{ term: stem("disable"), weight: 1 }]);
  });

  it("no longer reads phrases that measured no better under leave-one-app-out CV than without", () => {
    // Left out on 2026-11-28 (bench/e2e-search ablate phrase-rules): sign up, take … off, throw
    // … away, wait for, and stopping doing something as its un-verb.
    for (const query of [
      "sign up",
      "take someone off the list",
      "throw this note away",
      "wait for the build",
    ])
      expect(words(query)).toEqual([]);
    expect(words("stop following someone")).toEqual([]);
  });

  it("lets the API's word stand in, at nearly the user's weight, for a word of the user's that no item holds, and only then", () => {
    const index = new LexicalIndex();
    index.setTerms("POST /issues", "endpoint", new Map([[stem("issue"), 1]]));
    index.setTerms(
      "GET /export",
      "endpoint",
      new Map([
        [stem("export"), 1],
        [stem("download"), 1],
      ]),
    );
    const expand = (word: string) =>
      new ApiVocabulary(new Set(), WEIGHTS).expand([{ term: stem(word), weight: 1 }], index);
    // "ticket": no item holds it, so "issue" is all it can match; just under 1, so it is not
    // counted as one more word the query asks for.
    expect(expand("ticket")).toContainEqual({ term: stem("issue"), weight: 0.99 });
    // "download": an item holds it, so its group's "export" is a guess at half weight.
    expect(expand("download")).toContainEqual({ term: stem("export"), weight: 0.5 });
    // A word that was itself an expansion passes on half of its own weight, as before.
    expect(
      new ApiVocabulary(new Set(), WEIGHTS).expand([{ term: stem("ticket"), weight: 0.5 }], index),
    ).toContainEqual({
      term: stem("issue"),
      weight: 0.25,
    });
  });

  it("reads a question about a number as one for an aggregate: stats, a summary or a report", () => {
    expect(words("how many cats were adopted")).toEqual([{ term: stem("count"), weight: 1 }]);
    expect(words("how much revenue did we make")).toEqual([{ term: stem("count"), weight: 1 }]);
    const index = new LexicalIndex();
    index.setTerms("GET /ratings/summary", "endpoint", new Map([[stem("summary"), 1]]));
    index.setTerms("GET /reports/sales", "endpoint", new Map([[stem("report"), 1]]));
    const expanded = new ApiVocabulary(new Set(), WEIGHTS).expand(
      [{ term: stem("average"), weight: 1 }],
      index,
    );
    const weight = new Map(expanded.map((t) => [t.term, t.weight]));
    // "average" is in no item: the API's aggregate words stand in for it.
    expect(weight.get(stem("summary"))).toBe(0.99);
    expect(weight.get(stem("report"))).toBe(0.99);
  });

  it("reads nothing into a query without such a phrase", () => {
    expect(words("which tags exist")).toEqual([]);
    expect(words("turn left at the station and keep going until you are on the bridge")).toEqual([]);
  });
});
