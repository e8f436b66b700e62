// Leave-one-app-out cross-validation of `e2e search`'s fitted re-ranker (lib/search rerank.ts):
// the judged queries are grouped by the app (service) their answer belongs to; for each app the
// model is fitted on the other apps' queries only and ranks this app's queries. Every figure the
// benchmark reports for "fitted (CV)" comes from a model that never saw the query's app. The
// candidates and their features come from the command's own first stage (SearchIndex.features),
// so a CV rank is the rank `e2e search` would give with that fold's model.
import {
  type CandidateFeatures,
  type FeatureName,
  type FeatureSet,
  featureNames,
  type PoolOptions,
  type RuleName,
  type SearchIndex,
} from "../../controller/src/search/index.js";
import {
  type FitOptions,
  fitLinearModel,
  type JudgedCandidates,
  type LinearModel,
  linearScore,
  type MethodPrior,
} from "../../lib/search/index.js";
import { type EvaluationCorpus, label, openEvaluation, rankOf } from "./evaluate.js";
import { crossFitted, priorOf, usesPrior, withPrior } from "./method-prior-folds.js";
import { rulesScores } from "./rules-ranking.js";
import {
  translationCrossFitted,
  translationOf,
  usesTranslation,
  withTranslation,
} from "./translation-folds.js";

/** The first 10 candidates under the hand-set ranking (rules-ranking.ts), best first. */
function rulesOrder(c: CandidateFeatures) {
  const scores = rulesScores(c);
  return c.heads
    .map((head, i) => ({ head, s: scores[i] }))
    .filter((x): x is { head: (typeof c.heads)[number]; s: number } => x.s !== undefined)
    .sort((a, b) => b.s - a.s || (a.head.key < b.head.key ? -1 : 1))
    .slice(0, 10)
    .map((x) => x.head);
}

export interface JudgedQuery {
  id: string;
  /** The service of its first expected endpoint: the CV's group. */
  app: string;
  query: string;
  expected: string[];
  /** The first stage's candidates (labels as evaluate.ts writes them) and their features. */
  labels: string[];
  features: number[][];
  /** The features' names (the shipped model's, or the model's before: FeatureSet). */
  names: readonly FeatureName[];
  /** How much it counts in a fit (trainingPool); 1 when absent. */
  weight?: number;
  /** 1-based rank (0: not in the first 10) under plain BM25 and under the hand-set rules. */
  bm25: number;
  /** 1-based rank under plain BM25 among its first BM25_DEEP (0: deeper): candidate-recall.ts. */
  bm25Deep: number;
  rules: number;
}

export const appOf = (expected: readonly string[]) => expected[0]!.split(":")[0]!;

/**
 * Every query of the evaluation set with its candidates' features (`set`'s), BM25's and the
 * rules' ranks; with the embedders `env` names (EMBEDDINGS_URL: the channel's cosine too).
 */
export async function judgedQueries(
  corpus: EvaluationCorpus,
  off: ReadonlySet<RuleName> = new Set(),
  env: NodeJS.ProcessEnv = process.env,
  set: FeatureSet = "shipped",
  pool: PoolOptions = {},
): Promise<{ documents: number; queries: JudgedQuery[] }> {
  const { index, queries, close } = await openEvaluation(corpus, { off }, env);
  try {
    const out: JudgedQuery[] = [];
    for (const q of queries) out.push(await judgeQuery(index, { ...q, app: appOf(q.expected) }, set, pool));
    return { documents: index.size, queries: out };
  } finally {
    close();
  }
}

/** How deep plain BM25's list is read for its recall (candidate-recall.ts). */
const BM25_DEEP = 50;

/**
 * What the search index gives one query: its candidates' features (the first stage's pool, in its
 * order), BM25's and the rules' ranks.
 */
export async function judgeQuery(
  index: SearchIndex,
  q: { id: string; app: string; query: string; expected: string[] },
  set: FeatureSet = "shipped",
  pool: PoolOptions = {},
): Promise<JudgedQuery> {
  const candidates = await index.features(q.query, 10, set, pool);
  const bm25 = index.bm25(q.query, BM25_DEEP).map(label);
  return {
    ...q,
    labels: candidates.heads.map(label),
    // The learned prior's columns come at 0 (SearchIndex.features), filled per fit (method-prior-folds.ts).
    features: candidates.features,
    names: candidates.names,
    bm25: rankOf(bm25.slice(0, 10), q.expected),
    bm25Deep: rankOf(bm25, q.expected),
    rules: rankOf(rulesOrder(candidates).map(label), q.expected),
  };
}

/**
 * A query as the fit sees it. With handler_dup among the features, an answer that repeats a better
 * candidate's handler (a second spelling of one route) is left out of the fit: the first spelling
 * found is the answer a user reads, and counting the repeats as answers too would teach the model
 * to keep them.
 */
function asJudged(q: JudgedQuery): JudgedCandidates {
  const dup = (q.names as readonly string[]).indexOf("handler_dup");
  const keep = q.labels.map((l, i) => dup < 0 || !(q.expected.includes(l) && q.features[i]![dup] === 1));
  return {
    features: q.features.filter((_, i) => keep[i]),
    relevant: q.labels.filter((_, i) => keep[i]).map((l) => q.expected.includes(l)),
    weight: q.weight ?? 1,
  };
}

/** The rank `model` gives the query's first expected endpoint among its first 10 (0: not there). */
export function rankUnder(model: LinearModel, q: JudgedQuery): number {
  const order = q.labels
    .map((l, i) => ({ l, s: linearScore(model, q.features[i]!) }))
    .sort((a, b) => b.s - a.s || (a.l < b.l ? -1 : 1))
    .slice(0, 10)
    .map((o) => o.l);
  return rankOf(order, q.expected);
}

/** The features the queries were computed with. */
const namesOf = (queries: readonly JudgedQuery[]): readonly string[] =>
  queries[0]?.names ?? featureNames(false);

/**
 * What the shipped model is fitted on: the fixtures' judged queries and the open real apps'
 * (never the held-out ones), each real query weighing `realWeight` and each fixture query
 * `fixtureWeight` (fit-options.ts, chosen by leave-one-app-out CV on the open real apps:
 * choose-settings.ts), so that the fixtures' habits do not drown what real apps teach.
 */
export function trainingPool(
  judged: readonly JudgedQuery[],
  open: readonly JudgedQuery[],
  realWeight: number,
  fixtureWeight = 1,
): JudgedQuery[] {
  return [
    ...judged.map((q) => ({ ...q, weight: fixtureWeight })),
    ...open.map((q) => ({ ...q, weight: realWeight })),
  ];
}

/**
 * The model fitted on every query of `train` (the learned prior's columns cross-fitted:
 * method-prior-folds.ts), and the prior a query it ranks reads (learned on all of `train`).
 */
export function fitAll(
  train: readonly JudgedQuery[],
  options: FitOptions = {},
): { model: LinearModel; prior: MethodPrior | undefined; fill: (q: JudgedQuery) => JudgedQuery } {
  const names = namesOf(train);
  const model = fitLinearModel(names, translationCrossFitted(crossFitted(train)).map(asJudged), options);
  const prior = usesPrior(names) ? priorOf(train) : undefined;
  // A trial's translation table (translation-folds.ts), learned on the fit's training queries.
  const table = usesTranslation(names) ? translationOf(train) : undefined;
  const fill = (q: JudgedQuery) => {
    const withLm = prior ? withPrior(q, prior) : q;
    return table ? withTranslation(withLm, table) : withLm;
  };
  return { model, prior, fill };
}

/** Each query's rank (by id) under the model fitted on `train` (fitAll), none of their apps in it. */
export function rankedBy(
  train: readonly JudgedQuery[],
  queries: readonly JudgedQuery[],
  options: FitOptions = {},
): Map<string, number> {
  const { model, fill } = fitAll(train, options);
  return new Map(queries.map((q) => [q.id, rankUnder(model, fill(q))]));
}

/**
 * Each query's rank under the model fitted without its app (by query id), on the other apps'
 * queries and `alsoFitOn` (another set's queries, none of these apps). The learned prior, when
 * the features have it, is learned inside each fold too (rankedBy).
 */
export function leaveOneAppOut(
  queries: readonly JudgedQuery[],
  options: FitOptions = {},
  alsoFitOn: readonly JudgedQuery[] = [],
): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const app of [...new Set(queries.map((q) => q.app))].sort()) {
    const train = [...alsoFitOn, ...queries.filter((q) => q.app !== app)];
    const fold = rankedBy(
      train,
      queries.filter((q) => q.app === app),
      options,
    );
    for (const [id, r] of fold) ranks.set(id, r);
  }
  return ranks;
}

/** Top-3 share and MRR@10 of ranks (0 = not in the first 10). */
export function summary(ranks: readonly number[]): { top3: number; mrr: number } {
  const n = ranks.length || 1;
  return {
    top3: ranks.filter((r) => r > 0 && r <= 3).length / n,
    mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / n,
  };
}
