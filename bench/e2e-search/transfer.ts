// `npm run bench:e2e-search-transfer`: forward in time. For each blind batch b ≥ 2, the re-ranker
// fitted on the fixtures and the OPEN real apps of the batches before b ranks the open apps of
// batch b (written later, by other writers, over other apps): the test the shipped model meets
// with each new batch, and a check of leave one app out (which mixes the batches). Each setting of
// a grid fixed before any run: how much a real query weighs beside a fixture query (0: the
// fixtures alone; "real only": no fixture query) and the L2 penalty. If the fixtures taught
// fixture-shaped habits, a higher real weight or "real only" does better here. BM25 beside, from
// the same run. The frozen held-out apps are never computed.
import { type JudgedQuery, judgedQueries, rankedBy, summary, trainingPool } from "./cross-validate.js";
import { L2, REAL_WEIGHT } from "./fit-options.js";
import { type RealJudgedQuery, realAppQueries } from "./real-apps.js";

/** Real-query weights tried (Infinity: the real queries alone), and L2 penalties. */
const WEIGHTS = [0, 1, 2, 4, 8, 16, Number.POSITIVE_INFINITY];
const L2S = [0.01, 0.1, 1];

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (ranks: readonly number[]) => {
  const s = summary(ranks);
  return `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
};
const weightName = (w: number) =>
  w === 0 ? "fixtures alone" : w === Number.POSITIVE_INFINITY ? "real only" : `real ${w}`;

function pool(judged: readonly JudgedQuery[], open: readonly RealJudgedQuery[], w: number): JudgedQuery[] {
  if (w === 0) return [...judged];
  if (w === Number.POSITIVE_INFINITY) return trainingPool([], open, 1);
  return trainingPool(judged, open, w);
}

const judged = (await judgedQueries("judged")).queries;
const real = await realAppQueries({ shipped: false, skipHeldOut: true });
if ("notRun" in real) throw new Error(`real apps: NOT RUN (${real.notRun})`);
const open = real.queries;
const batches = [...new Set(open.map((q) => q.batch))].sort((a, b) => a - b).slice(1);

for (const b of batches) {
  const train = open.filter((q) => q.batch < b);
  const test = open.filter((q) => q.batch === b);
  const apps = (qs: readonly JudgedQuery[]) => new Set(qs.map((q) => q.app)).size;
  console.log(
    `\nbatch ${b}: ${test.length} open queries over ${apps(test)} apps, ranked by models fitted on ${judged.length} fixture queries and ${train.length} open real queries of earlier batches (${apps(train)} apps); top-3 / MRR@10`,
  );
  console.log(
    `| setting | ${L2S.map((l) => `l2 ${l}`).join(" | ")} |\n|---|${L2S.map(() => "---|").join("")}`,
  );
  console.log(
    `| plain BM25 | ${cell(test.map((q) => q.bm25))} |${L2S.slice(1)
      .map(() => " |")
      .join("")}`,
  );
  for (const w of WEIGHTS) {
    const cells = L2S.map((l2) => {
      const ranks = rankedBy(pool(judged, train, w), test, { l2 });
      return cell(test.map((q) => ranks.get(q.id)!));
    });
    const shipped = w === REAL_WEIGHT ? ` (shipped weight, l2 ${L2})` : "";
    console.log(`| ${weightName(w)}${shipped} | ${cells.join(" | ")} |`);
  }
}
