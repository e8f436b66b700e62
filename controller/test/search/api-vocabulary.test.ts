// The phrases of the API vocabulary: what a query's phrasal verbs stand for, also when the
// object sits between verb and particle, and at the weight of the user's own words.
import { describe, expect, it } from "vitest";
import { stem } from "../../../lib/embedding/index.js";
import { ApiVocabulary } from "../../src/search/api-vocabulary.js";

const words = (query: string) => new ApiVocabulary().phraseTerms(query);

describe("API vocabulary phrases", () => {
  it("reads a phrasal verb with its object in between as the word it stands for", () => {
    expect(words("switch a feature on")).toEqual([{ term: stem("enable"), weight: 1 }]);
    expect(words("turn the dark mode off")).toEqual([{ term: stem("disable"), weight: 1 }]);
    expect(words("take someone off the list")).toEqual([{ term: stem("remove"), weight: 1 }]);
    expect(words("throw this note away")).toEqual([{ term: stem("discard"), weight: 1 }]);
  });

  it("reads nothing into a query without such a phrase", () => {
    expect(words("which tags exist")).toEqual([]);
    expect(words("turn left at the station and keep going until you are on the bridge")).toEqual([]);
  });
});
