// Query expansion learned from the indexed API itself, as features of the fitted re-ranker
// (rank-features.ts) rather than hand lists: the words that keep appearing with the user's in the
// corpus (lib/search CooccurrenceExpander: co-occurrence over the documents' paths, names,
// descriptions, DTO fields and handler code words), the corpus words nearest to the user's in the
// shipped word vectors (NeighbourExpander), and the words the first stage's best candidates share
// (feedbackTerms: pseudo-relevance feedback, RM3-style). Each feature is the lexical credit the
// expansion's words add to the user's own, √ as the other lexical features: an expansion weight
// scales it, and that scale is the re-ranker's fitted weight, so no weight is set here.
import {
  CooccurrenceExpander,
  feedbackTerms,
  type LexicalIndex,
  NeighbourExpander,
  type WeightedTerm,
} from "../../../lib/search/index.js";

export const EXPANSION_FEATURES = ["lex_cooc", "lex_neighbours", "lex_rm3"] as const;
export type ExpansionFeature = (typeof EXPANSION_FEATURES)[number];

/** The user's words plus an expansion's (each expansion word weighted in (0, 1]). */
function expandedTerms(
  which: ExpansionFeature,
  lexical: LexicalIndex,
  own: WeightedTerm[],
  ranked: readonly { key: string; score: number }[],
): WeightedTerm[] {
  // The expanders' own weight factors (0.3, 0.7) are replaced by 1: the fit scales the gain.
  const expanded =
    which === "lex_cooc"
      ? new CooccurrenceExpander({ weight: 1 }).expand(own, lexical)
      : which === "lex_neighbours"
        ? new NeighbourExpander({ weight: 1 }).expand(own, lexical)
        : [...own, ...feedbackTerms(lexical, ranked, own)];
  // An added word stays below 1: bm25.ts counts a weight-1 word as the user's, in the normaliser.
  const mine = new Set(own.map((t) => t.term));
  return expanded.map((t) => (mine.has(t.term) ? t : { term: t.term, weight: Math.min(t.weight, 0.99) }));
}

/**
 * √(lexical score of the user's words with `which`'s expansion − without it) for each candidate:
 * what the expansion adds, 0 when it adds nothing. `candidates` carry their first-stage scores
 * (the feedback documents are the best of them).
 */
export function expansionGain(
  which: ExpansionFeature,
  lexical: LexicalIndex,
  own: WeightedTerm[],
  candidates: readonly { key: string; hybrid: number }[],
): Map<string, number> {
  const keys = new Set(candidates.map((c) => c.key));
  const accept = (k: string) => keys.has(k);
  const ranked = [...candidates]
    .sort((a, b) => b.hybrid - a.hybrid || (a.key < b.key ? -1 : 1))
    .map((c) => ({ key: c.key, score: c.hybrid }));
  const base = new Map(lexical.search(own, keys.size, { accept }).map((h) => [h.key, h.score]));
  const out = new Map<string, number>();
  for (const hit of lexical.search(expandedTerms(which, lexical, own, ranked), keys.size, { accept }))
    out.set(hit.key, Math.sqrt(Math.max(0, hit.score - (base.get(hit.key) ?? 0))));
  return out;
}
