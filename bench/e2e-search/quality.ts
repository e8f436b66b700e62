// `npm run bench:e2e-search`: top-3 accuracy and MRR@10 of `e2e search`'s ranking, in one run,
// beside plain BM25 over the same documents (the baseline), on the fixtures' judged queries
// (bench/e2e-search/eval-set.json over the judged corpus, evaluate.ts) and the real apps
// (real-apps.ts: open apps, and the frozen held-out apps apart, each blind batch apart too):
// - before: the model shipped before the last change (rank-features.ts "previous": the 14
//   features shipped 2026-11-28 11:10 to 16:30, name_share among them),
//   fitted the same way as after;
// - after: the model as fit.ts fits it now, on the fixtures and the open real apps
//   (cross-validate.ts trainingPool, REAL_WEIGHT), leave one app out over all of them (fixture
//   apps and real apps alike; the learned prior learned inside each fold too); the held-out apps
//   ranked by the model fitted on all that data;
// - committed: the rank `e2e search` itself gives with the committed model file (in-sample on the
//   open apps, which it was fitted on; out of sample on the held-out apps).
// Prints the fixture queries the fitted ranking misses (CV), the tables, then every real query.

import {
  type JudgedQuery,
  judgedQueries,
  leaveOneAppOut,
  rankedBy,
  summary,
  trainingPool,
} from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { isHeldOut, type RealJudgedQuery, realAppQueries } from "./real-apps.js";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rank = (r: number | undefined) => (r === undefined ? "–" : r === 0 ? ">10" : String(r));
const found = (r: number) => r > 0 && r <= 3;
const cell = (ranks: readonly number[]) => {
  const s = summary(ranks);
  return `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
};

/** Leave one app out over the fixtures and the open real apps; the held-out apps by the model of all of them. */
function fittedRanks(judged: readonly JudgedQuery[], real: readonly RealJudgedQuery[]): Map<string, number> {
  const open = real.filter((q) => !isHeldOut(q.app));
  const held = real.filter((q) => isHeldOut(q.app));
  const pool = trainingPool(judged, open, REAL_WEIGHT, FIXTURE_WEIGHT);
  return new Map([...leaveOneAppOut(pool, { l2: L2 }), ...rankedBy(pool, held, { l2: L2 })]);
}

/** The ranks before (the previous features) and after (the shipped ones), fitted alike. */
function rankings(
  judged: readonly JudgedQuery[],
  before: { judged: readonly JudgedQuery[]; real: readonly RealJudgedQuery[] },
  real: readonly RealJudgedQuery[],
) {
  return {
    open: real.filter((q) => !isHeldOut(q.app)),
    held: real.filter((q) => isHeldOut(q.app)),
    after: fittedRanks(judged, real),
    previous: afterOnly ? undefined : fittedRanks(before.judged, before.real),
  };
}

// --after-only: the previous features are not computed (half the run), "before" prints "–".
const afterOnly = process.argv.includes("--after-only");
const judged = (await judgedQueries("judged")).queries;
const judgedBefore = afterOnly
  ? []
  : (await judgedQueries("judged", new Set(), process.env, "previous")).queries;
const realNow = await realAppQueries();
const realBefore = afterOnly ? { queries: [] } : await realAppQueries({ set: "previous", shipped: false });
const notRun = "notRun" in realNow ? realNow.notRun : "notRun" in realBefore ? realBefore.notRun : undefined;
const real = "queries" in realNow ? realNow.queries : [];
if (notRun) console.log(`real apps: NOT RUN (${notRun}); the fixtures below are fitted without them`);
const r = rankings(
  judged,
  { judged: judgedBefore, real: "queries" in realBefore ? realBefore.queries : [] },
  real,
);
const after = (q: JudgedQuery) => r.after.get(q.id)!;
const before = (q: JudgedQuery) => r.previous?.get(q.id);
const beforeCell = (qs: readonly JudgedQuery[]) => (r.previous ? cell(qs.map((q) => before(q)!)) : "–");

console.log("| fixture query | after (CV) | before (CV) | BM25 |");
console.log("|---|---|---|---|");
for (const q of judged)
  if (!found(after(q)) || (r.previous && after(q) !== before(q)))
    console.log(
      `| ${q.id} ${q.query} | ${rank(after(q))}${found(after(q)) ? "" : " ✗"} | ${rank(before(q))} | ${rank(q.bm25)} |`,
    );

const batches = [...new Set(real.map((q) => q.batch))].sort((a, b) => a - b);
const rows: [string, readonly JudgedQuery[], string][] = [
  ["fixtures, judged corpus (leave one app out)", judged, "LOAO"],
  ["real apps, open (leave one app out)", r.open, "LOAO"],
  ...batches.map(
    (b) =>
      [`real apps, open, batch ${b}`, r.open.filter((q) => (q as RealJudgedQuery).batch === b), "LOAO"] as [
        string,
        JudgedQuery[],
        string,
      ],
  ),
  ["real apps, HELD OUT (frozen split)", r.held, "held out"],
  ...batches.map(
    (b) =>
      [
        `real apps, HELD OUT, batch ${b}`,
        r.held.filter((q) => (q as RealJudgedQuery).batch === b),
        "held out",
      ] as [string, JudgedQuery[], string],
  ),
];
const fixtureFeatures = `${judgedBefore[0]?.names.length ?? "–"} → ${judged[0]?.names.length}`;
console.log(
  `\ntop-3 / MRR@10. before and after: fitted on the fixtures (${judged.length} queries) and the open real apps (${r.open.length} queries, each weighing ${REAL_WEIGHT}), l2 ${L2}; features ${fixtureFeatures}; committed: \`e2e search\` with the committed model\n`,
);
console.log("| set | queries | BM25 | before | after | committed |");
console.log("|---|---|---|---|---|---|");
for (const [name, qs] of rows) {
  if (!qs.length) continue;
  const shipped = qs.every((q) => (q as RealJudgedQuery).shipped !== undefined)
    ? cell(qs.map((q) => (q as RealJudgedQuery).shipped!))
    : "–";
  console.log(
    `| ${name} | ${qs.length} | ${cell(qs.map((q) => q.bm25))} | ${beforeCell(qs)} | ${cell(qs.map(after))} | ${shipped} |`,
  );
}
console.log(
  `\nhand-set rules (frozen, rules-ranking.ts) on the fixtures: ${cell(judged.map((q) => q.rules))}`,
);

console.log("\nby app, top-3: BM25 / before / after (LOAO, or the held-out fold)");
for (const app of [...new Set([...judged, ...real].map((q) => q.app))]) {
  const qs = [...judged, ...real].filter((q) => q.app === app);
  const [b, a] = [(q: JudgedQuery) => q.bm25, after].map((f) => pct(summary(qs.map(f)).top3));
  const p = r.previous ? pct(summary(qs.map((q) => before(q)!)).top3) : "–";
  console.log(
    `  ${app.padEnd(22)}${isHeldOut(app) && real.some((q) => q.app === app) ? " (held out)" : ""} ${qs.length}  ${b} / ${p} / ${a}`,
  );
}

console.log("\nreal-app queries: BM25 / before / after / committed rank (✗: not in the top 3 after)");
for (const q of real) {
  const ranks = [q.bm25, before(q), after(q), q.shipped].map(rank).join(" / ");
  console.log(`  ${q.id} ${q.query}: ${ranks}${found(after(q)) ? "" : " ✗"}`);
}
