// `npm run bench:e2e-search-features [FEATURE[+FEATURE]…]`: each re-ranker feature left out in turn, the
// model refitted without it, measured under leave-one-app-out CV over the training data fit.ts
// uses (the fixtures and the open real apps: cross-validate.ts trainingPool), on the fixtures and
// on the open real apps apart; never on the held-out apps. A feature stays only when the CV does
// worse without it. It starts from the shipped model's features (rank-features.ts featureNames;
// the learned prior's columns filled per fold by leaveOneAppOut); candidates to add are measured
// with bench:e2e-search-trials.
import { type JudgedQuery, judgedQueries, leaveOneAppOut, summary, trainingPool } from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { isHeldOut, realAppQueries } from "./real-apps.js";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The queries with one feature's column left out. */
const without = (queries: JudgedQuery[], feature: string): JudgedQuery[] =>
  queries.map((q) => {
    const i = q.names.indexOf(feature as (typeof q.names)[number]);
    return {
      ...q,
      names: q.names.filter((_, j) => j !== i),
      features: q.features.map((row) => row.filter((_, j) => j !== i)),
    };
  });

const { queries: judged } = await judgedQueries("judged");
const real = await realAppQueries({ shipped: false, skipHeldOut: true });
if ("notRun" in real) throw new Error(`real apps: NOT RUN (${real.notRun})`);
const open = real.queries.filter((q) => !isHeldOut(q.app));
const asked = process.argv.slice(2);
console.log(
  `real-query weight ${REAL_WEIGHT}, l2 ${L2}; leave one app out over the fixtures and the open real apps`,
);
console.log("| left out | fixtures: top-3 / MRR@10 | open real apps: top-3 / MRR@10 |");
console.log("|---|---|---|");
for (const feature of ["none", ...(asked.length ? asked : judged[0]!.names)]) {
  // "a+b" leaves out both.
  const out = feature === "none" ? [] : feature.split("+");
  const [j, o] = [judged, open].map((qs) => out.reduce(without, qs));
  const cv = leaveOneAppOut(trainingPool(j!, o!, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });
  const [f, r] = [j!, o!].map((qs) => summary(qs.map((q) => cv.get(q.id)!)));
  console.log(
    `| ${feature} | ${pct(f!.top3)} / ${f!.mrr.toFixed(3)} | ${pct(r!.top3)} / ${r!.mrr.toFixed(3)} |`,
  );
}
