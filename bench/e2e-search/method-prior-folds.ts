// The learned method prior's columns (lm_first, lm_all: lib/search method-prior.ts) of judged
// queries, filled per fit so that no figure uses a table that saw the query's own app. The
// features the search index gives the benchmark come with these columns at 0
// (SearchIndex.features); a fit (cross-validate.ts fitAll, leaveOneAppOut) fills them here:
// - the queries it ranks, from the table learned on all its training queries (what `e2e search`
//   does with the committed table on an app it was not fitted on);
// - its training queries, CROSS-FITTED: each from a table learned without its own app, as a new
//   app's would be. Filled in-sample the fit trusts the prior too much (measured 2026-11-28: the
//   fixtures fell from 90.6 % to 85.7 %), so fit.ts fits the shipped weights this way too.
// The prior's pseudo-counts are fitted on the same queries (lib/search fitPriorSmoothing: leave
// one of their apps out), so each fold's prior is smoothed by its own training queries only.
import {
  fitPriorSmoothing,
  learnMethodPrior,
  type MethodPrior,
  methodPriorOf,
} from "../../lib/search/index.js";

/** A judged query with its candidates' labels and feature rows (what the folds fit on). */
export interface PriorQuery {
  app: string;
  query: string;
  expected: string[];
  /** Candidates' labels (evaluate.ts `label`: "service:METHOD path" for an endpoint). */
  labels: string[];
  features: number[][];
  names: readonly string[];
}

const methodOf = (label: string) => /^[^:]+:([A-Z]+) /.exec(label)?.[1];

/** Whether the features include the prior's columns. */
export const usesPrior = (names: readonly string[]) => names.includes("lm_first") || names.includes("lm_all");

/**
 * Priors already learned, by their training queries: a prior reads only the queries' words and
 * answers, never their candidates, so every setting of one benchmark run (another feature set, rule
 * or first-stage weight) learns the same ones from the same folds; fitting the smoothing is most of
 * a fit's time.
 */
const learned = new Map<string, MethodPrior>();

/** The prior learned from judged queries (each query's words and its answers' methods), its smoothing fitted on them. */
export function priorOf(queries: readonly PriorQuery[]): MethodPrior {
  const key = queries.map((q) => `${q.app}\u0000${q.query}\u0000${q.expected.join("\u0001")}`).join("\n");
  let prior = learned.get(key);
  if (!prior) {
    prior = learnPrior(queries);
    learned.set(key, prior);
  }
  return prior;
}

function learnPrior(queries: readonly PriorQuery[]): MethodPrior {
  const examples = queries.map((q) => ({
    group: q.app,
    query: q.query,
    methods: q.expected.map(methodOf).filter((m): m is string => m !== undefined),
  }));
  return learnMethodPrior(examples, fitPriorSmoothing(examples));
}

/** The query with its lm_* columns read from `prior` (the product's own computation). */
export function withPrior<Q extends PriorQuery>(q: Q, prior: MethodPrior): Q {
  const first = q.names.indexOf("lm_first");
  const all = q.names.indexOf("lm_all");
  if (first < 0 && all < 0) return q;
  const lm = methodPriorOf(prior, q.query);
  const features = q.features.map((row, i) => {
    const value = lm(methodOf(q.labels[i]!));
    const out = [...row];
    if (first >= 0) out[first] = value.first;
    if (all >= 0) out[all] = value.all;
    return out;
  });
  return { ...q, features };
}

/** Training queries, each with the columns of a prior learned without its own app. */
export function crossFitted<Q extends PriorQuery>(train: readonly Q[]): Q[] {
  if (!train[0] || !usesPrior(train[0].names)) return [...train];
  const byApp = new Map(
    [...new Set(train.map((q) => q.app))].map((app) => [app, priorOf(train.filter((q) => q.app !== app))]),
  );
  return train.map((q) => withPrior(q, byApp.get(q.app)!));
}
