// Cross-validation of issue search's fitted re-ranker (issue 21): k-fold by query (fold = FNV-1a
// of the query id), nested so that the fit's settings (Config) are chosen by an inner CV on the
// training part only, for the smallest gain over the service today among the sets; and domain
// transfer (fit on one set, test on the other). A query's ranking is its candidates sorted by the
// model's w·x over features scaled as the service's rerankIssues scales and orders them.
import { fitLinearModel, type JudgedCandidates, linearScore } from "../../lib/search/index.js";
import {
  ISSUE_RANK_FEATURES,
  normaliseByQuery,
} from "../../services/task-graph/src/domain/search/issue-reranker.js";
import type { FitQuery, Part } from "./issue-fit-data.js";
import { scoreRanking } from "./search-quality-support.js";

export const FOLDS = 5;

export interface Config {
  l2: number;
  /** The fit reads each query's first `depth` candidates in hybrid order. */
  depth: number;
  /** How many times a query of our set counts beside one of the outside set. */
  own: number;
  /** The floor of the per-query scaling of the features (normaliseByQuery; 1: none). */
  floor: number;
}

export const CONFIGS: Config[] = [10, 30].flatMap((depth) =>
  [0.1, 1].flatMap((l2) =>
    [1, 3, 8].flatMap((own) => [0, 0.1, 0.3, 1].map((floor) => ({ l2, depth, own, floor }))),
  ),
);

/** A query's candidates' features scaled as the service scales them, computed once per floor. */
const scaled = new WeakMap<FitQuery, Map<number, number[][]>>();
function features(q: FitQuery, floor: number): number[][] {
  const byFloor = scaled.get(q) ?? new Map<number, number[][]>();
  scaled.set(q, byFloor);
  let rows = byFloor.get(floor);
  if (!rows) {
    rows = normaliseByQuery(
      q.rows.map((r) => r.features),
      floor,
    );
    byFloor.set(floor, rows);
  }
  return rows;
}

export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
const foldOf = (q: FitQuery) => fnv1a(q.id) % FOLDS;

const judged = (q: FitQuery, depth: number, floor: number): JudgedCandidates => ({
  features: features(q, floor).slice(0, depth),
  relevant: q.rows.slice(0, depth).map((r) => q.relevant.has(r.id)),
});

export const fitModel = (qs: readonly FitQuery[], { l2, depth, own, floor }: Config) =>
  fitLinearModel(
    ISSUE_RANK_FEATURES,
    qs.flatMap((q) => Array.from({ length: q.part === "own" ? own : 1 }, () => judged(q, depth, floor))),
    { l2 },
  );

/** A query's candidates ranked by the model (ties: smaller id first). */
export function rankBy(q: FitQuery, weights: number[], floor: number): string[] {
  const model = { features: ISSUE_RANK_FEATURES, weights, scale: 1, bias: 0 };
  const x = features(q, floor);
  return q.rows
    .map((r, i) => ({ id: r.id, s: linearScore(model, x[i]!) }))
    .sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

export type Rankings = Map<string, string[]>;

/** Each query of `qs` ranked by a model fitted with `config` on the other folds. */
export function crossValidated(qs: readonly FitQuery[], config: Config): Rankings {
  const out: Rankings = new Map();
  for (let fold = 0; fold < FOLDS; fold++) {
    const test = qs.filter((q) => foldOf(q) === fold);
    if (test.length === 0) continue;
    const { weights } = fitModel(
      qs.filter((q) => foldOf(q) !== fold),
      config,
    );
    for (const q of test) out.set(q.id, rankBy(q, weights, config.floor));
  }
  return out;
}

/** Mean reciprocal rank (top 10) of `qs` under these rankings. */
export function mrr(qs: readonly FitQuery[], ranked: (q: FitQuery) => string[]): number {
  return qs.reduce((s, q) => s + scoreRanking(ranked(q), q.relevant).rr10, 0) / Math.max(1, qs.length);
}

/**
 * The smallest gain in MRR@10 over the service today among the sets of `qs`: what the model must
 * make positive to be shipped (better on every set), so settings are chosen for it.
 */
export function worstGain(qs: readonly FitQuery[], ranked: (q: FitQuery) => string[]): number {
  const parts = [...new Set(qs.map((q) => q.part))];
  return Math.min(
    ...parts.map((p) => {
      const set = qs.filter((q) => q.part === p);
      return mrr(set, ranked) - mrr(set, (q) => q.current);
    }),
  );
}

/** The setting with the best CV figure over `qs` (first of equals). */
export function bestConfig(qs: readonly FitQuery[]): Config {
  let best = CONFIGS[0]!;
  let bestMrr = Number.NEGATIVE_INFINITY;
  for (const c of CONFIGS) {
    const cv = crossValidated(qs, c);
    const m = worstGain(qs, (q) => cv.get(q.id)!);
    if (m > bestMrr) [best, bestMrr] = [c, m];
  }
  return best;
}

/** Nested CV: each outer fold ranked by a model whose setting an inner CV chose on the other folds. */
export function nestedCrossValidated(qs: readonly FitQuery[]): { rankings: Rankings; chosen: Config[] } {
  const rankings: Rankings = new Map();
  const chosen: Config[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = qs.filter((q) => foldOf(q) !== fold);
    const config = bestConfig(train);
    chosen.push(config);
    const { weights } = fitModel(train, config);
    for (const q of qs.filter((x) => foldOf(x) === fold))
      rankings.set(q.id, rankBy(q, weights, config.floor));
  }
  return { rankings, chosen };
}

/** Fit on `from` (its setting chosen by CV there), rank `to`: does it carry over to another set? */
export function transfer(from: readonly FitQuery[], to: readonly FitQuery[]): Rankings {
  const config = bestConfig(from);
  const { weights } = fitModel(from, config);
  return new Map(to.map((q) => [q.id, rankBy(q, weights, config.floor)]));
}

export const ofPart = (qs: readonly FitQuery[], ...parts: Part[]) => qs.filter((q) => parts.includes(q.part));
