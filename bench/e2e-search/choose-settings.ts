// `npm run bench:e2e-search-settings [SET…]`: the re-ranker's fit settings (how much a fixture
// query weighs beside a real one, the L2 penalty) and, optionally, its feature SETs
// (feature-trials.ts's syntax), CHOSEN BY LEAVE ONE APP OUT on the open real apps, and that choice
// itself cross-validated (nested): for each open real app A, the candidate (set, weights, L2)
// with the best LOAO top-3 (ties: MRR@10) on the OTHER open real apps is chosen, and A is ranked
// by that candidate's fold model, which never saw A. (The other apps' LOAO models did train on A's
// queries; A's own ranks never enter its choice.) Printed beside plain BM25 and the shipped
// settings from the same run, then the candidate chosen on all the open apps, with its fixture
// LOAO. The grid is fixed here, before any run: real queries weigh REAL_WEIGHT, fixture queries
// 0 to 2× that, L2 0.003–0.1.
// `-- --held-out FW/L2[/SET]…`, once after the choice: the frozen held-out apps ranked by the
// shipped settings and each candidate named, each fitted on all the open data (no grid is run).
import { type JudgedQuery, leaveOneAppOut, rankedBy, summary, trainingPool } from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import type { RealJudgedQuery } from "./real-apps.js";
import { heldOutQueries, namesOf, only, trialQueries } from "./trial-features.js";

interface Candidate {
  set: string;
  fixtureWeight: number;
  l2: number;
}

const FIXTURE_WEIGHTS = [0, 0.25, 0.5, 1, 2];
const L2S = [0.003, 0.01, 0.03, 0.1];

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (s: { top3: number; mrr: number }) => `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
const nameOf = (c: Candidate) => `${c.set || "shipped"}, fixture weight ${c.fixtureWeight}, l2 ${c.l2}`;
const shippedCandidate: Candidate = { set: "", fixtureWeight: FIXTURE_WEIGHT, l2: L2 };

/** A candidate's training data: its feature columns, each query weighing as it says. */
function poolOf(c: Candidate, judged: readonly JudgedQuery[], open: readonly RealJudgedQuery[]) {
  const names = namesOf(c.set);
  return trainingPool(only(judged, names), only(open, names), REAL_WEIGHT, c.fixtureWeight);
}

/** Each open real query's rank under the fold model fitted without its app (fixtures always in). */
function realFolds(c: Candidate, judged: JudgedQuery[], open: RealJudgedQuery[]): Map<string, number> {
  const pool = poolOf(c, judged, open);
  const fixtures = pool.slice(0, judged.length);
  return leaveOneAppOut(pool.slice(judged.length), { l2: c.l2 }, fixtures);
}

/** Top-3 share, then MRR@10, of `ids` under `ranks`: the choice's order. */
function score(ranks: Map<string, number>, qs: readonly JudgedQuery[]) {
  return summary(qs.map((q) => ranks.get(q.id)!));
}
const better = (a: { top3: number; mrr: number }, b: { top3: number; mrr: number }) =>
  a.top3 > b.top3 || (a.top3 === b.top3 && a.mrr > b.mrr);

/** The candidate whose ranks do best on `qs`. */
function choose(folds: Map<Candidate, Map<string, number>>, qs: readonly JudgedQuery[]): Candidate {
  let best: Candidate | undefined;
  let bestScore = { top3: -1, mrr: -1 };
  for (const [c, ranks] of folds) {
    const s = score(ranks, qs);
    if (better(s, bestScore)) [best, bestScore] = [c, s];
  }
  return best!;
}

function byBatch(open: readonly RealJudgedQuery[], ranks: Map<string, number>): string {
  const batches = [...new Set(open.map((q) => q.batch))].sort((a, b) => a - b);
  return batches
    .map(
      (b) =>
        `batch ${b} ${pct(
          score(
            ranks,
            open.filter((q) => q.batch === b),
          ).top3,
        )}`,
    )
    .join(", ");
}

/** `FW/L2[/SET]` → a candidate. */
function parseCandidate(arg: string): Candidate {
  const [fixtureWeight, l2, set = ""] = arg.split("/");
  return { set, fixtureWeight: Number(fixtureWeight), l2: Number(l2) };
}

/** Once, after the choice: the frozen held-out apps under the shipped settings and `named`. */
async function heldOut(judged: JudgedQuery[], open: RealJudgedQuery[], named: Candidate[]) {
  const held = await heldOutQueries();
  console.log(`HELD OUT (${held.length} queries): plain BM25 ${cell(summary(held.map((q) => q.bm25)))}`);
  for (const c of [shippedCandidate, ...named]) {
    const ranks = rankedBy(poolOf(c, judged, open), only(held, namesOf(c.set)), { l2: c.l2 });
    console.log(`| ${nameOf(c)} | held out ${cell(score(ranks, held))} (${byBatch(held, ranks)}) |`);
  }
}

const { judged, open } = await trialQueries();
const args = process.argv.slice(2);
if (args[0] === "--held-out") {
  await heldOut(judged, open, args.slice(1).map(parseCandidate));
  process.exit(0);
}
const candidates = ["", ...args].flatMap((set) =>
  FIXTURE_WEIGHTS.flatMap((fixtureWeight) => L2S.map((l2) => ({ set, fixtureWeight, l2 }))),
);
if (!candidates.some((c) => nameOf(c) === nameOf(shippedCandidate))) candidates.push(shippedCandidate);

console.log(
  `${judged.length} fixture queries, ${open.length} open real queries; real queries weigh ${REAL_WEIGHT}; ${candidates.length} candidates`,
);
console.log(
  `plain BM25: open real ${cell(summary(open.map((q) => q.bm25)))} (${byBatch(open, new Map(open.map((q) => [q.id, q.bm25])))})`,
);
const folds = new Map<Candidate, Map<string, number>>();
for (const c of candidates) {
  const ranks = realFolds(c, judged, open);
  folds.set(c, ranks);
  console.log(`| ${nameOf(c)} | open real LOAO ${cell(score(ranks, open))} | ${byBatch(open, ranks)} |`);
}

// Nested: each app's candidate chosen on the other open apps' LOAO ranks.
const nested = new Map<string, number>();
const chosenFor = new Map<string, string>();
for (const app of [...new Set(open.map((q) => q.app))].sort()) {
  const c = choose(
    folds,
    open.filter((q) => q.app !== app),
  );
  chosenFor.set(app, nameOf(c));
  for (const q of open.filter((q) => q.app === app)) nested.set(q.id, folds.get(c)!.get(q.id)!);
}
const shippedFolds = [...folds].find(([c]) => nameOf(c) === nameOf(shippedCandidate))![1];
console.log(
  `NESTED (choice cross-validated): open real ${cell(score(nested, open))} (${byBatch(open, nested)})`,
);
console.log(
  `shipped settings, same run:      open real ${cell(score(shippedFolds, open))} (${byBatch(open, shippedFolds)})`,
);
const counts = new Map<string, number>();
for (const n of chosenFor.values()) counts.set(n, (counts.get(n) ?? 0) + 1);
console.log(`chosen per fold: ${[...counts].map(([n, k]) => `${n} ×${k}`).join("; ")}`);

const chosen = choose(folds, open);
console.log(`chosen on all open apps: ${nameOf(chosen)}`);
for (const c of [shippedCandidate, chosen]) {
  const pool = poolOf(c, judged, open);
  const cv = leaveOneAppOut(pool, { l2: c.l2 });
  console.log(
    `| ${nameOf(c)} | fixtures LOAO ${cell(score(cv, judged))} | open real LOAO ${cell(score(cv, open))} |`,
  );
}
