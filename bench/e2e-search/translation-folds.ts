// A trial feature (feature-trials.ts `+tt` / `+tt_x`), learned from the judged queries' answers
// rather than from a word list: how strongly a query word predicts a word of its answer's route,
// a "translation" table (PMI of query word t and answer word w over the training queries,
// smoothed toward the answer word's base rate, as the method prior is toward P(method)):
//   A(t, w) = ln((n(t, w) + α·P(w)) / (n(t) + α)) − ln P(w),   P(w) = (n(w) + 1) / (N + 1)
// A candidate's value is the mean over the query's words the table knows of the best positive
// A(t, w) over the candidate's label words (tt), or over those other than t itself (tt_x: the
// translation only, "favourite" → star, which the lexical side cannot give). Filled per fold like
// the method prior (method-prior-folds.ts): a ranked query from the table of the fit's training
// queries, each training query cross-fitted from a table without its own app. α = 2, the method
// prior's fitted pseudo-count (not tuned here). Measurement only: `e2e search` has no such table.
import { tokenize } from "../../lib/embedding/index.js";
import type { PriorQuery } from "./method-prior-folds.js";

/** The same judged queries the method prior's folds fit on. */
type TranslationQuery = PriorQuery;

type Table = Map<string, Map<string, number>>;
const ALPHA = 2;

const queryWords = (query: string) => [...new Set(tokenize(query, { stem: true }))];
/** A label's route words ("svc:GET /rest/getStarred" → rest, get, starred; no method, no service). */
const labelWords = (label: string) => [
  ...new Set(tokenize(label.replace(/^[^:]*:/, "").replace(/^[A-Z]+ /, ""), { stem: true })),
];

export const usesTranslation = (names: readonly string[]) => names.includes("tt") || names.includes("tt_x");

/** The table learned from the queries' words and their answers' label words. */
export function translationOf(queries: readonly TranslationQuery[]): Table {
  const nt = new Map<string, number>();
  const nw = new Map<string, number>();
  const ntw = new Map<string, Map<string, number>>();
  for (const q of queries) {
    const answer = new Set(q.expected.flatMap(labelWords));
    for (const w of answer) nw.set(w, (nw.get(w) ?? 0) + 1);
    for (const t of queryWords(q.query)) {
      nt.set(t, (nt.get(t) ?? 0) + 1);
      const row = ntw.get(t) ?? new Map<string, number>();
      for (const w of answer) row.set(w, (row.get(w) ?? 0) + 1);
      ntw.set(t, row);
    }
  }
  const n = queries.length;
  const table: Table = new Map();
  for (const [t, row] of ntw) {
    const out = new Map<string, number>();
    for (const [w, c] of row) {
      const p = ((nw.get(w) ?? 0) + 1) / (n + 1);
      const a = Math.log((c + ALPHA * p) / (nt.get(t)! + ALPHA)) - Math.log(p);
      if (a > 0) out.set(w, a);
    }
    table.set(t, out);
  }
  return table;
}

/** The query with its tt / tt_x columns read from `table`. */
export function withTranslation<Q extends TranslationQuery>(q: Q, table: Table): Q {
  const [all, other] = [q.names.indexOf("tt"), q.names.indexOf("tt_x")];
  if (all < 0 && other < 0) return q;
  const rows = queryWords(q.query)
    .map((t) => ({ t, row: table.get(t) }))
    .filter((x): x is { t: string; row: Map<string, number> } => x.row !== undefined);
  const value = (label: string, skipSelf: boolean) => {
    if (rows.length === 0) return 0;
    const words = labelWords(label);
    let sum = 0;
    for (const { t, row } of rows) {
      let best = 0;
      for (const w of words) if (!(skipSelf && w === t)) best = Math.max(best, row.get(w) ?? 0);
      sum += best;
    }
    return sum / rows.length;
  };
  const features = q.features.map((r, i) => {
    const out = [...r];
    if (all >= 0) out[all] = value(q.labels[i]!, false);
    if (other >= 0) out[other] = value(q.labels[i]!, true);
    return out;
  });
  return { ...q, features };
}

/** Training queries, each with the columns of a table learned without its own app. */
export function translationCrossFitted<Q extends TranslationQuery>(train: readonly Q[]): Q[] {
  if (!train[0] || !usesTranslation(train[0].names)) return [...train];
  const byApp = new Map(
    [...new Set(train.map((q) => q.app))].map((app) => [
      app,
      translationOf(train.filter((q) => q.app !== app)),
    ]),
  );
  return train.map((q) => withTranslation(q, byApp.get(q.app)!));
}
