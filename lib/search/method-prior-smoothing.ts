// The learned method prior's pseudo-counts (method-prior.ts PriorSmoothing), FITTED rather than
// set: each candidate value is scored by how well the prior predicts the answer methods of
// queries of a group (an app) it never saw, learned on the other groups (leave one group out),
// and the best is kept. The score is the log-likelihood of those answers' methods:
// - base: of P(method) alone;
// - first: of P(method | the query's first word), P(method) for a word the table does not know;
// - all: of the normalised geometric mean of P(method | word) / P(method) over the query's known
//   words, times P(method): what the `lm_all` feature's mean of log-ratios stands for.
// Queries of a single group are left out one by one. Counting is done once per group; a fold's counts are the sum of the other groups'.
import {
  addCounts,
  emptyCounts,
  type MethodCounts,
  type MethodExample,
  methodShare,
  methodShares,
  PRIOR_METHODS,
  type PriorSmoothing,
  queryStems,
  wordShare,
} from "./method-prior.js";

/** A judged query and the group (app) it belongs to: a fold leaves one group out. */
export interface GroupedExample extends MethodExample {
  group: string;
}

/** The values tried for each pseudo-count: a doubling grid wide enough for a few hundred queries. */
const SMOOTHING_GRID: readonly number[] = [0.25, 0.5, 1, 2, 4, 8, 16, 32];

interface Prepared {
  group: string;
  first: string[];
  all: string[];
  shares: Map<string, number>;
}

/** One fold: the held-out group's queries and the counts of every other group. */
interface Fold {
  held: Prepared[];
  first: MethodCounts;
  all: MethodCounts;
}

function foldsOf(examples: readonly GroupedExample[]): Fold[] {
  let prepared = examples
    .map((e) => ({
      group: e.group,
      first: queryStems(e.query, true),
      all: queryStems(e.query, false),
      shares: methodShares(e.methods),
    }))
    .filter((p) => p.shares.size > 0);
  // Queries of one app only: each query is left out on its own instead.
  if (new Set(prepared.map((p) => p.group)).size < 2)
    prepared = prepared.map((p, i) => ({ ...p, group: String(i).padStart(6, "0") }));
  const groups = [...new Set(prepared.map((p) => p.group))].sort();
  if (groups.length < 2)
    throw new Error(
      `the method prior's smoothing is fitted on queries left out: it needs at least 2 queries whose answers have an HTTP method, got ${groups.length}`,
    );
  const total = { first: emptyCounts(), all: emptyCounts() };
  for (const p of prepared) {
    addCounts(total.first, p.first, p.shares);
    addCounts(total.all, p.all, p.shares);
  }
  return groups.map((group) => {
    const held = prepared.filter((p) => p.group === group);
    const fold = { held, first: copy(total.first), all: copy(total.all) };
    for (const p of held) {
      addCounts(fold.first, p.first, p.shares, -1);
      addCounts(fold.all, p.all, p.shares, -1);
    }
    return fold;
  });
}

const copy = (c: MethodCounts): MethodCounts => ({
  methods: new Map(c.methods),
  total: c.total,
  words: new Map([...c.words].map(([w, row]) => [w, new Map(row)])),
});

/** A word's row, if the fold's counts hold any query with it (taken-away counts leave ~0 rows). */
function known(counts: MethodCounts, stem: string): Map<string, number> | undefined {
  const row = counts.words.get(stem);
  return row && [...row.values()].some((v) => v > 1e-9) ? row : undefined;
}

type Predict = (q: Prepared, p: (m: string) => number) => (m: string) => number;

/** The log-likelihood of the held-out answers' methods under `predict`, over every fold. */
function logLikelihood(folds: readonly Fold[], base: number, table: "first" | "all" | "none", strength = 0) {
  let sum = 0;
  for (const fold of folds) {
    const counts = table === "none" ? fold.first : fold[table];
    const p = methodShare(counts, base);
    const predict: Predict =
      table === "none" ? () => p : (q) => predictor(counts, table === "first" ? q.first : q.all, p, strength);
    for (const q of fold.held) {
      const share = predict(q, p);
      for (const [m, w] of q.shares) sum += w * Math.log(share(m));
    }
  }
  return sum;
}

/** P(method | the query's known stems): the normalised geometric mean of their ratios, times P(method). */
function predictor(
  counts: MethodCounts,
  stems: readonly string[],
  p: (m: string) => number,
  strength: number,
): (m: string) => number {
  const rows = stems.flatMap((s) => known(counts, s) ?? []);
  if (!rows.length) return p;
  const shares = rows.map((row) => wordShare(row, p, strength));
  const score = new Map(
    PRIOR_METHODS.map((m) => [
      m as string,
      p(m) * Math.exp(shares.reduce((a, share) => a + Math.log(share(m) / p(m)), 0) / shares.length),
    ]),
  );
  const z = [...score.values()].reduce((a, b) => a + b, 0);
  return (m) => score.get(m)! / z;
}

/** The grid value with the largest score (the smaller value on a tie: less smoothing assumed). */
function best(grid: readonly number[], score: (x: number) => number): number {
  let chosen = grid[0]!;
  let top = -Infinity;
  for (const x of grid) {
    const s = score(x);
    if (s > top + 1e-12) [chosen, top] = [x, s];
  }
  return chosen;
}

/**
 * The pseudo-counts that predict held-out groups' answer methods best (leave one group out over
 * `examples`): `base` first, then each table's strength with that base. Deterministic.
 */
export function fitPriorSmoothing(
  examples: readonly GroupedExample[],
  grid: readonly number[] = SMOOTHING_GRID,
): PriorSmoothing {
  const folds = foldsOf(examples);
  const base = best(grid, (b) => logLikelihood(folds, b, "none"));
  return {
    first: best(grid, (s) => logLikelihood(folds, base, "first", s)),
    all: best(grid, (s) => logLikelihood(folds, base, "all", s)),
    base,
  };
}
