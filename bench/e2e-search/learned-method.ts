// A method prior learned from judged queries instead of seed verb lists (trial features lm_first,
// lm_all of feature-trials.ts): for each word of the training queries, how the methods of their
// answers differ from the methods' overall shares, log P(method | word) − log P(method), smoothed
// toward P(method); a candidate endpoint's value is its method's mean over the query's words (the
// first word only, or all). Learned inside each fold, and cross-fitted: a training query's value
// comes from a table without its own app, as a new app's would, else the fit trusts it too much.
import { stem, tokenize } from "../../lib/embedding/index.js";
import { fitLinearModel, linearScore } from "../../lib/search/index.js";
import { asJudged, type JudgedQuery } from "./cross-validate.js";
import { rankOf } from "./evaluate.js";
import { L2 as FIT_L2, REAL_WEIGHT as FIT_REAL_WEIGHT } from "./fit-options.js";

/** The fit's settings, as fit.ts's unless E2E_TRIALS_L2 / E2E_TRIALS_REAL_WEIGHT say otherwise. */
export const L2 = Number(process.env.E2E_TRIALS_L2 ?? FIT_L2);
export const REAL_WEIGHT = Number(process.env.E2E_TRIALS_REAL_WEIGHT ?? FIT_REAL_WEIGHT);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const methodOf = (label: string) => /^[^:]+:([A-Z]+) /.exec(label)?.[1];
const queryStems = (query: string, first: boolean) => {
  const words = tokenize(query, { dropStopwords: !first }).map(stem);
  return first ? words.slice(0, 1) : [...new Set(words)];
};

/** log P(m | word) − log P(m) from the training queries' answers' methods, smoothed toward P(m). */
function methodTable(train: readonly JudgedQuery[], first: boolean) {
  const counts = new Map<string, Map<string, number>>();
  const prior = new Map<string, number>();
  let total = 0;
  for (const q of train) {
    const methods = new Set(q.expected.map(methodOf).filter((m): m is string => !!m && METHODS.includes(m)));
    for (const m of methods) {
      prior.set(m, (prior.get(m) ?? 0) + 1 / methods.size);
      total += 1 / methods.size;
      for (const s of queryStems(q.query, first)) {
        const row = counts.get(s) ?? new Map<string, number>();
        row.set(m, (row.get(m) ?? 0) + 1 / methods.size);
        counts.set(s, row);
      }
    }
  }
  const p = (m: string) => ((prior.get(m) ?? 0) + 1) / (total + METHODS.length);
  return (query: string, method: string | undefined): number => {
    if (!method || !METHODS.includes(method)) return 0;
    let sum = 0;
    let n = 0;
    for (const s of queryStems(query, first)) {
      const row = counts.get(s);
      if (!row) continue;
      const c = [...row.values()].reduce((a, b) => a + b, 0);
      sum += Math.log(((row.get(method) ?? 0) + 2 * p(method)) / (c + 2) / p(method));
      n++;
    }
    return n ? sum / n : 0;
  };
}

/**
 * Fits on `train` and ranks `test`; the lm_first / lm_all columns learned on `train` only
 * (cross-fitted: a training query's column comes from a table without its own app, as a new app's would).
 */
export function fitAndRank(train: JudgedQuery[], test: JudgedQuery[], names: string[]): Map<string, number> {
  const tablesOf = (qs: JudgedQuery[]) => ({
    lm_first: methodTable(qs, true),
    lm_all: methodTable(qs, false),
  });
  const byApp = new Map(
    [...new Set(train.map((q) => q.app))].map((a) => [a, tablesOf(train.filter((q) => q.app !== a))]),
  );
  const forTest = tablesOf(train);
  const withLm = (q: JudgedQuery, tables: ReturnType<typeof tablesOf>): JudgedQuery => ({
    ...q,
    features: q.features.map((row, i) =>
      row.map((v, j) => {
        const n = names[j] as keyof typeof tables;
        return n in tables ? tables[n](q.query, methodOf(q.labels[i]!)) : v;
      }),
    ),
  });
  const model = fitLinearModel(
    names,
    train.map((q) => asJudged(withLm(q, byApp.get(q.app)!))),
    { l2: L2 },
  );
  const ranks = new Map<string, number>();
  for (const q of test) {
    const w = withLm(q, forTest);
    const order = w.labels
      .map((l, i) => ({ l, s: linearScore(model, w.features[i]!) }))
      .sort((x, y) => y.s - x.s || (x.l < y.l ? -1 : 1))
      .slice(0, 10)
      .map((o) => o.l);
    ranks.set(q.id, rankOf(order, q.expected));
  }
  return ranks;
}

/** Leave one app out, each fold through fitAndRank. */
export function learnedMethodCv(queries: JudgedQuery[], names: string[]): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const app of [...new Set(queries.map((q) => q.app))].sort()) {
    const fold = fitAndRank(
      queries.filter((q) => q.app !== app),
      queries.filter((q) => q.app === app),
      names,
    );
    for (const [id, r] of fold) ranks.set(id, r);
  }
  return ranks;
}
