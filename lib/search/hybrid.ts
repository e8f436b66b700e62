// One score per candidate from its two sides, on a scale where min_score means something:
//   score = w · max(0, cosine) + (1 − w) · √lex
// lex (normalised BM25, lib/search/bm25.ts) is the idf-weighted share of the query that a
// document covers; its square root lifts partial matches (one word of five ≈ 0.1 → 0.3) above
// the 0.15 cut, while a query sharing no word with anything keeps lex = 0 and only the vector
// noise floor (hashing embedder: |cosine| ≲ 0.1 for unrelated text, i.e. ≲ 0.02 here).
// The square root is monotone, so a lexical-only ranking (w = 0, or degraded) is plain BM25 order.
export function hybridScore(cosine: number, lex: number, vectorWeight: number): number {
  return vectorWeight * Math.max(0, cosine) + (1 - vectorWeight) * Math.sqrt(Math.max(0, lex));
}
