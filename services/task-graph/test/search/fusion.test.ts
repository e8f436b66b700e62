// Issue search's fitted fusion (domain/search/fusion.ts): the meaning gate, the scaled expansions,
// the order it gives the found hits, and the case it was fitted for: a query naming an identifier
// the word vectors do not know finds the issue that holds it first, where the hand-set weights put
// issues matching only its ordinary words above it.
import { describe, expect, it } from "vitest";
import { WordVectorEmbedder } from "../../../../lib/embedding/index.js";
import { MEANING_WEIGHTS, WordNetExpander } from "../../../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { meaningShare, orderByFusion, scaleExpansions } from "../../src/domain/search/fusion.js";
import { FITTED_SEARCH, SearchService, type SearchServiceOptions } from "../../src/domain/search/index.js";
import { issue } from "./fixtures.js";

describe("meaning gate", () => {
  it("keeps the meaning channels whole for plain words and drops them for identifiers only", () => {
    expect(meaningShare(0, 8)).toBe(1);
    expect(meaningShare(1, 8)).toBe(0);
    expect(meaningShare(0.25, 8)).toBeCloseTo(0.75 ** 8);
    expect(meaningShare(0.25, 0)).toBe(1);
  });

  it("scales the expansions' weights, never the user's own words", () => {
    const terms = [
      { term: "refund", weight: 1 },
      { term: "repay", weight: 0.5 },
    ];
    expect(scaleExpansions(terms, 0.25)).toEqual([
      { term: "refund", weight: 1 },
      { term: "repay", weight: 0.125 },
    ]);
    expect(scaleExpansions(terms, 0)).toEqual([{ term: "refund", weight: 1 }]);
  });

  it("re-orders the hits and keeps each place's score, so scores still fall down the list", () => {
    const hits = [
      { key: "a", score: 0.9, cosine: 0.9, lex: 0, soft: 0 },
      { key: "b", score: 0.5, cosine: 0, lex: 0.8, soft: 0 },
    ];
    const weights = { vectorWeight: 0, softWeight: 0.4, expansionWeight: 0.25, meaningGate: 8 };
    const ordered = orderByFusion(hits, new Map([["b", 0.8]]), weights, 1);
    expect(ordered.map((h) => [h.key, h.score])).toEqual([
      ["b", 0.9],
      ["a", 0.5],
    ]);
  });
});

const ISSUES = [
  issue("ecdsa", "Add ECDSA keys to the test suite", "The ssl tests now also cover ECDSA."),
  issue(
    "verify",
    "Certificate tests fail on a new ssl library",
    "The certificate verification tests expect an older error message from the ssl library.",
  ),
  issue(
    "expired",
    "Update test certificates",
    "Regenerated the certificates used by the ssl tests; they expired.",
  ),
  issue("refund", "Refunds stuck in pending", "The payment provider never confirms the reversal."),
];

async function firstFor(query: string, options: SearchServiceOptions): Promise<string | undefined> {
  const search = new SearchService(new EmbeddedVectorIndex(), new WordVectorEmbedder(), {
    expanders: [new WordNetExpander()],
    ...options,
  });
  await search.indexAll(ISSUES, []);
  return (await search.search({ query, types: ["issue"] }))[0]?.id;
}

describe("the fitted search (app.ts with the word-vector embedder)", () => {
  it("ranks the issue holding a query's unknown identifier first", async () => {
    expect(await firstFor("ECDSA certificate tests for ssl", FITTED_SEARCH)).toBe("ecdsa");
  });

  it("where the hand-set weights ranked a match of the query's ordinary words first", async () => {
    expect(await firstFor("ECDSA certificate tests for ssl", { ...MEANING_WEIGHTS })).not.toBe("ecdsa");
  });

  it("still finds by meaning when the query is plain words", async () => {
    expect(await firstFor("customers ask for their money back", FITTED_SEARCH)).toBe("refund");
  });
});
