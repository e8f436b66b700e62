// Issue search's fitted re-ranker (issue 21 points 1 and 3): a linear model (lib/search rerank.ts)
// over the hybrid ranking's own parts, the per-field BM25 scores (issue-fields.ts) and the
// literal side (issue-literal.ts), fitted by bench/task-graph/issue-fields-fit.ts
// (`npm run fit:issue-search`) on our eval set plus the tune half of the outside one, with nested
// k-fold cross-validation; the fit writes lib/search/data/issue-search-reranker.json only when it
// beats the hybrid ranking under CV on both sets (bench/results/search-quality.md); today it does
// not, so none is shipped and app.ts passes none.
// With a model, plain BM25's top list joins the candidates (SearchService #literalOnly), and the
// model re-orders only the issues among the places issues hold in the hybrid ranking: what is
// found (minScore on the hybrid score), the places of other kinds (components, code) and the
// scores shown in order stay the hybrid ranking's, so nonsense still finds nothing and scores
// still fall down the list.
import { readFileSync } from "node:fs";
import { dataFile } from "../../../../../lib/embedding/index.js";
import { type LinearModel, linearScore, readLinearModel } from "../../../../../lib/search/index.js";
import { ISSUE_FIELDS } from "./issue-fields.js";
import { LITERAL_FEATURES } from "./issue-literal.js";

/** The re-ranker's features: the hybrid score and its parts, each field's BM25, the literal side. */
export const ISSUE_RANK_FEATURES = ["hybrid", "cosine", "lex", "soft", ...ISSUE_FIELDS, ...LITERAL_FEATURES];

/** Where the fitted model is (committed; copied into dist/ with lib/search's other data files). */
const issueRerankerPath = () => dataFile(import.meta.url, "search", "issue-search-reranker.json");

/** The committed model, checked to name ISSUE_RANK_FEATURES (a stale file is an error naming the fit). */
export function readIssueReranker(path = issueRerankerPath()): IssueReranker {
  let model: LinearModel;
  try {
    model = readLinearModel(path, ISSUE_RANK_FEATURES);
  } catch (error) {
    throw new Error(`${String((error as Error).message)} (issue search: npm run fit:issue-search)`);
  }
  const { normalise_floor: floor } = JSON.parse(readFileSync(path, "utf8")) as { normalise_floor?: unknown };
  if (typeof floor !== "number" || !(floor >= 0))
    throw new Error(`${path} has no normalise_floor ≥ 0; fit it again (npm run fit:issue-search)`);
  return { model, floor };
}

/** A ranked candidate with its hybrid parts (lib/search rankCandidates). */
export interface HybridHit {
  key: string;
  score: number;
  cosine: number;
  lex: number;
  soft: number;
}

/** A fitted model and the floor of its per-query scaling (normaliseByQuery), both from the fit. */
export interface IssueReranker {
  model: LinearModel;
  floor: number;
}

/**
 * Each feature over max(floor, its largest value among one query's candidates): the model weighs
 * how a candidate stands against the others, not the raw scale, which differs by corpus (a
 * 7,462-issue change log's BM25 and cosines sit lower than a 157-issue tracker's). The floor keeps
 * a trace (a 0.04 expansion match) from becoming a full 1; it is chosen by the fit's CV (1 is no
 * scaling for these [0, 1] features).
 */
export function normaliseByQuery(rows: readonly (readonly number[])[], floor: number): number[][] {
  const max = (rows[0] ?? []).map((_, j) => Math.max(floor, ...rows.map((r) => Math.abs(r[j]!))));
  return rows.map((r) => r.map((v, j) => (max[j]! > 0 ? v / max[j]! : 0)));
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
  { model, floor }: IssueReranker,
): H[] {
  const places = hits.flatMap((h, i) => (fields.has(h.key) ? [i] : []));
  const raw = places.map((i) => issueFeatureVector(hits[i]!, fields.get(hits[i]!.key)!));
  const vectors = normaliseByQuery(raw, floor);
  const issues = places
    .map((i, j) => ({ hit: hits[i]!, s: linearScore(model, vectors[j]!) }))
    .sort((a, b) => b.s - a.s || (a.hit.key < b.hit.key ? -1 : 1));
  const out = [...hits];
  places.forEach((place, j) => {
    out[place] = { ...issues[j]!.hit, score: hits[place]!.score };
  });
  return out;
}
