// Pseudo-relevance feedback, RM3-style (Lavrenko and Croft's relevance model): the documents a
// first ranking puts best are taken as relevant, and the words they share become query terms,
// so a query can find the documents written with those words rather than the user's. The
// relevance model is
//   P(w | R) ∝ Σ_{d ∈ top k} s(d) · tf(w, d) / |d|
// over the feedback documents d with their first-stage scores s(d) (boosted term frequencies, as
// the index holds them); a word is ranked by P(w | R) · idf(w) (common words such as "get" are
// in every feedback document and tell nothing) and the best `terms` join at that value over the
// best one's, so the strongest weighs 1 and the rest less. The user's own words are left out:
// the caller scores them already. How much the feedback terms count is not set here: the caller
// (a fitted re-ranker's feature) scales them.
import type { LexicalIndex, WeightedTerm } from "./bm25.js";

interface FeedbackOptions {
  /** Feedback documents: the first `documents` of the given order. @default 5 */
  documents?: number;
  /** Words taken from them. @default 10 */
  terms?: number;
}

/**
 * The feedback terms of `ranked` (best first, with their first-stage scores), the user's own
 * words (`own`) left out, each weighted in (0, 1].
 */
export function feedbackTerms(
  index: LexicalIndex,
  ranked: readonly { key: string; score: number }[],
  own: readonly WeightedTerm[],
  options: FeedbackOptions = {},
): WeightedTerm[] {
  const skip = new Set(own.map((t) => t.term));
  const model = new Map<string, number>();
  for (const { key, score } of ranked.slice(0, options.documents ?? 5)) {
    const terms = index.termsOf(key);
    let length = 0;
    for (const tf of terms.values()) length += tf;
    if (length === 0 || score <= 0) continue;
    for (const [term, tf] of terms)
      if (!skip.has(term)) model.set(term, (model.get(term) ?? 0) + (score * tf) / length);
  }
  const n = index.size;
  const scored = [...model]
    .map(([term, p]) => {
      const df = index.documentFrequency(term);
      return { term, value: p * Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
    })
    .filter((t) => t.value > 0)
    .sort((a, b) => b.value - a.value || (a.term < b.term ? -1 : 1))
    .slice(0, options.terms ?? 10);
  const best = scored[0]?.value ?? 1;
  return scored.map(({ term, value }) => ({ term, weight: value / best }));
}
