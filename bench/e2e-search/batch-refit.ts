// `npm run bench:e2e-search-batch-refit -- [N]` (node --import tsx bench/e2e-search/batch-refit.ts [N]) (E2E_TRIALS_CACHE=file, as the trials'):
// what a refit with blind batch N's open apps in the training data buys, on the same queries in
// one run. "before": the fit's procedure on the data it had before batch N (fixtures and the open
// apps of the earlier batches): those apps leave-one-app-out, batch N's apps ranked by the model
// fitted on all of it (what the committed model does to them, blind). "after": leave one app out
// with batch N in (later batches in neither). BM25 beside. The frozen held-out apps are not
// computed (quality.ts has them).
// N defaults to the newest batch. Settings and features as fit.ts's (fit-options.ts, shipped set).
import { leaveOneAppOut, rankedBy, summary, trainingPool } from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import type { RealJudgedQuery } from "./real-apps.js";
import { namesOf, only, trialQueries } from "./trial-features.js";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (ranks: readonly number[]) => {
  const s = summary(ranks);
  return `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
};

const cached = await trialQueries();
const names = namesOf("");
const judged = only(cached.judged, names);
const open = only(cached.open, names) as RealJudgedQuery[];
const batch = Number(process.argv[2] ?? Math.max(...open.map((q) => q.batch)));
const earlier = open.filter((q) => q.batch < batch);
const fresh = open.filter((q) => q.batch === batch);
const upTo = [...earlier, ...fresh];

const pool = trainingPool(judged, earlier, REAL_WEIGHT, FIXTURE_WEIGHT);
const before = new Map([...leaveOneAppOut(pool, { l2: L2 }), ...rankedBy(pool, fresh, { l2: L2 })]);
const after = leaveOneAppOut(trainingPool(judged, upTo, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });

console.log(
  `batch ${batch}: ${fresh.length} open queries; real weight ${REAL_WEIGHT}, fixture weight ${FIXTURE_WEIGHT}, l2 ${L2}`,
);
console.log(`| set | queries | plain BM25 | before (batch ${batch} in no fit) | after (batch ${batch} in) |`);
console.log("|---|---|---|---|---|");
const rows: [string, readonly { id: string; bm25: number }[]][] = [
  ["fixtures (LOAO)", judged],
  [`open real apps, batches up to ${batch}`, upTo],
  [`open, batches before ${batch}`, earlier],
  [`open, batch ${batch}`, fresh],
];
for (const [name, qs] of rows)
  console.log(
    `| ${name} | ${qs.length} | ${cell(qs.map((q) => q.bm25))} | ${cell(qs.map((q) => before.get(q.id)!))} | ${cell(qs.map((q) => after.get(q.id)!))} |`,
  );
