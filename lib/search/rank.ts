// Hybrid ranking of one query's candidates, shared by the task graph's SearchService and the
// controller's `e2e search`: the union of the vector side's and the lexical side's top lists
// (a candidate missing from one side counts 0 there, a lower bound), soft matching for those
// candidates only, one hybridScore each (hybrid.ts), results under minScore dropped, best first
// (ties: smaller key first). The weights below were chosen on the tune half of
// bench/search-quality (see README.md).
import type { LexicalHit, WeightedTerm } from "./bm25.js";
import { hybridScore } from "./hybrid.js";
import type { SoftMatcher } from "./soft-match.js";

/** Share of the cosine with an embedder that has no notion of meaning (hashing, HTTP); soft matching on. */
export const VECTOR_WEIGHT = 0.3;
/** With the word-vector embedder and soft matching (the default local embedder). */
export const MEANING_WEIGHTS = { vectorWeight: 0.2, softWeight: 0.6 } as const;
/** A query with no meaningful match returns nothing above this (SPEC §2). */
export const MIN_SCORE = 0.15;
/** Each side's top list holds at least this many candidates. */
const MIN_CANDIDATES = 50;

export interface RankWeights {
  vectorWeight: number;
  softWeight: number;
}

/** The weights for an embedder: MEANING_WEIGHTS for pre-trained word vectors, else VECTOR_WEIGHT with soft matching. */
export function rankWeights(wordVectors: boolean): RankWeights {
  return wordVectors
    ? { ...MEANING_WEIGHTS }
    : { vectorWeight: VECTOR_WEIGHT, softWeight: MEANING_WEIGHTS.softWeight };
}

/** How deep each side looks for `limit` results. */
export function candidateDepth(limit: number): number {
  return Math.max(limit * 4, MIN_CANDIDATES);
}

export interface RankInput {
  /** The vector side's hits (score = cosine), already filtered to acceptable keys. */
  vectorHits: readonly { key: string; score: number }[];
  lexicalHits: readonly LexicalHit[];
  /** The query's terms (the user's own at weight 1 and expansions), for soft matching. */
  terms: WeightedTerm[];
  vectorWeight: number;
  softWeight: number;
  minScore: number;
  /** Needed when softWeight > 0. */
  soft?: SoftMatcher;
}

export interface RankedHit {
  key: string;
  score: number;
  cosine: number;
  lex: number;
  /** The soft-matching share (0 without soft matching): a feature of lib/search's re-ranker. */
  soft: number;
}

export function rankCandidates(input: RankInput): RankedHit[] {
  const candidates = new Map<string, { cosine: number; lex: number }>();
  for (const hit of input.vectorHits) candidates.set(hit.key, { cosine: hit.score, lex: 0 });
  for (const hit of input.lexicalHits) {
    const existing = candidates.get(hit.key);
    if (existing) existing.lex = hit.score;
    else candidates.set(hit.key, { cosine: 0, lex: hit.score });
  }
  const { vectorWeight, softWeight, minScore } = input;
  const soft = softWeight > 0 && input.soft ? input.soft.score(input.terms, candidates.keys()) : undefined;
  return [...candidates.entries()]
    .map(([key, c]) => ({
      key,
      cosine: c.cosine,
      lex: c.lex,
      soft: soft?.get(key) ?? 0,
      score: hybridScore(c.cosine, c.lex, vectorWeight, soft?.get(key) ?? 0, softWeight),
    }))
    .filter((r) => r.score > 0 && r.score >= minScore)
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
}
