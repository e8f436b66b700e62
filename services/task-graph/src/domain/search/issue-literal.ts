// The literal side of issue search's fitted re-ranker (issue 21): what plain BM25 sees, which the
// meaning parts of the hybrid score (WordNet expansion, word-vector cosine, soft matching) blur.
// On CPython's change log (bench/results/search-quality.md) plain BM25 beat the hybrid ranking by
// 0.12 MRR@10: a query's deciding word there is often an identifier the word vectors do not know.
// Per candidate, from the service's merged lexical index and the user's own words only:
//   bm25      normalised BM25 of the own words (no expansion), lib/search bm25.ts
//   coverage  idf-weighted share of the own words the issue holds exactly
//   bm25×unknown  bm25 times the share of own words the word vectors do not know (SoftMatcher
//                 unknownShare): lets the fit lean on the literal match when meaning cannot help
import type { LexicalIndex, WeightedTerm } from "../../../../../lib/search/index.js";

/** The literal features, in the order literalScores() returns them. */
export const LITERAL_FEATURES = ["bm25", "coverage", "bm25_unknown"] as const;

/** Each key's literal features (LITERAL_FEATURES order); `unknownShare` is the query's. */
export function literalScores(
  lexical: LexicalIndex,
  own: readonly WeightedTerm[],
  keys: readonly string[],
  unknownShare: number,
): Map<string, number[]> {
  const wanted = new Set(keys);
  const bm25 = new Map(
    lexical.search([...own], keys.length, { accept: (k) => wanted.has(k) }).map((h) => [h.key, h.score]),
  );
  const n = lexical.size;
  const idf = own.map(({ term }) => {
    const df = lexical.documentFrequency(term);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const idfSum = idf.reduce((a, b) => a + b, 0);
  const out = new Map<string, number[]>();
  for (const key of keys) {
    const terms = lexical.termsOf(key);
    const held = own.reduce((s, { term }, i) => s + (terms.has(term) ? idf[i]! : 0), 0);
    const b = bm25.get(key) ?? 0;
    out.set(key, [b, idfSum > 0 ? held / idfSum : 0, b * unknownShare]);
  }
  return out;
}
