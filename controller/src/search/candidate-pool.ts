// The first stage's candidate pool other than the command's, for measurement only
// (bench/e2e-search/candidate-recall.ts): a deeper list per side, another min_score, or the top
// list of a corpus-learned expansion of the query (lib/search) joining the pool. `e2e search`
// itself uses none of them: measured, none raised recall without costing top-3 (see
// bench/results/e2e-search.md).
import {
  CooccurrenceExpander,
  type LexicalHit,
  type LexicalIndex,
  NeighbourExpander,
  type WeightedTerm,
} from "../../../lib/search/index.js";

export interface PoolOptions {
  /** How deep each side (lexical, vector) looks. @default candidateDepth(limit) */
  depth?: number;
  /** @default the fitted table's min_score (lib/search e2e-search-weights.ts) */
  minScore?: number;
  /** A corpus-learned expansion whose own lexical top list joins the candidates (a generator, not a feature). */
  expand?: "neighbours" | "cooccurrence";
}

/**
 * The documents the query's terms expanded by `expand` find (their top `depth`) that `have` (the
 * plain lexical list) lacks, each with its BM25 score on the query's own terms (0 when it holds
 * none), so the hybrid score treats them as any other candidate.
 */
export function expandedHits(
  lexical: LexicalIndex,
  expand: NonNullable<PoolOptions["expand"]>,
  terms: WeightedTerm[],
  { depth, accept, have }: { depth: number; accept: (key: string) => boolean; have: readonly LexicalHit[] },
): LexicalHit[] {
  const expander = expand === "neighbours" ? new NeighbourExpander() : new CooccurrenceExpander();
  const seen = new Set(have.map((h) => h.key));
  const extra = lexical
    .search(expander.expand(terms, lexical), depth, { accept })
    .filter((h) => !seen.has(h.key));
  const keys = new Set(extra.map((h) => h.key));
  const scored = new Map(
    lexical.search(terms, keys.size, { accept: (k) => keys.has(k) }).map((h) => [h.key, h]),
  );
  return extra.map((h) => scored.get(h.key) ?? { ...h, score: 0 });
}
