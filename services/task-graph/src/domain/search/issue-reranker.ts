// Issue search's fitted re-ranker (issue 21 points 1 and 3): a linear model (lib/search rerank.ts)
// over the hybrid ranking's own parts and the per-field BM25 scores (issue-fields.ts), fitted by
// bench/task-graph/issue-fields-fit.ts (`npm run fit:issue-search`) with nested k-fold
// cross-validation. No fitted model is shipped: on bench/search-quality it did not beat the hybrid
// ranking (bench/results/search-quality.md, 2026-11-28), so the service runs without one.
// It re-orders only the issues among the places issues already hold in the hybrid ranking: what is
// found (minScore), the places of other kinds (components, code) and the scores shown in order
// stay the hybrid ranking's, so nonsense still finds nothing and scores still fall down the list.
import { type LinearModel, linearScore } from "../../../../../lib/search/index.js";
import { ISSUE_FIELDS } from "./issue-fields.js";

/** The re-ranker's features: the hybrid score and its parts, then each field's BM25. */
export const ISSUE_RANK_FEATURES = ["hybrid", "cosine", "lex", "soft", ...ISSUE_FIELDS];

/** A ranked candidate with its hybrid parts (lib/search rankCandidates). */
export interface HybridHit {
  key: string;
  score: number;
  cosine: number;
  lex: number;
  soft: number;
}

/** One hit's feature vector, ISSUE_RANK_FEATURES order. */
export function issueFeatureVector(hit: HybridHit, fields: readonly number[]): number[] {
  return [hit.score, hit.cosine, hit.lex, hit.soft, ...fields];
}

/**
 * The hits with their issues re-ordered by the model within the issues' places (see the header);
 * each place keeps its score. `fields` holds every issue hit's field scores.
 */
export function rerankIssues<H extends HybridHit>(
  hits: readonly H[],
  fields: ReadonlyMap<string, readonly number[]>,
  model: LinearModel,
): H[] {
  const places = hits.flatMap((h, i) => (fields.has(h.key) ? [i] : []));
  const modelScore = (h: H) => linearScore(model, issueFeatureVector(h, fields.get(h.key)!));
  const issues = places
    .map((i) => ({ hit: hits[i]!, s: modelScore(hits[i]!) }))
    .sort((a, b) => b.s - a.s || (a.hit.key < b.hit.key ? -1 : 1));
  const out = [...hits];
  places.forEach((place, j) => {
    out[place] = { ...issues[j]!.hit, score: hits[place]!.score };
  });
  return out;
}
