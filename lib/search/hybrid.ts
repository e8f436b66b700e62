// One score per candidate from its sides, on a scale where min_score means something:
//   score = w · max(0, cosine) + (1 − w) · max(√lex, (1 − s) · √lex + s · soft)
// lex (normalised BM25, lib/search/bm25.ts) is the idf-weighted share of the query that a
// document covers; its square root lifts partial matches (one word of five ≈ 0.1 → 0.3) above
// the 0.15 cut. soft (soft-match.ts) is the same share when close words count too, already
// linear in how much is covered; it can only raise a document above its lexical evidence, so a
// literal or synonym match keeps the score it had without soft matching (measured as good on
// the tune half as the plain mix, see lib/search/README.md). A query sharing no word, and no
// close word, with anything keeps lex = soft = 0 and only the vector noise floor.
// With w = s = 0 (lexical only, or degraded) the order is plain BM25 order (√ is monotone).
export function hybridScore(
  cosine: number,
  lex: number,
  vectorWeight: number,
  soft = 0,
  softWeight = 0,
): number {
  const literal = Math.sqrt(Math.max(0, lex));
  const words = Math.max(literal, (1 - softWeight) * literal + softWeight * soft);
  return vectorWeight * Math.max(0, cosine) + (1 - vectorWeight) * words;
}
