// `npm run bench:e2e-search-trials [SET…] [--held-out]`: candidate feature sets for the
// re-ranker, each refitted and measured under leave-one-app-out CV over the training data fit.ts
// uses (the fixtures and the OPEN real apps), on the fixtures and the open real apps apart. The
// held-out apps' queries are not even computed, except with `--held-out`: run once, after the
// choice, each SET fitted on all the training data and ranking the frozen held-out apps. A SET is
// the shipped features with changes: "+path_item" adds, "-cosine" drops, joined by commas; "=a,b"
// is exactly those; "a*b" is a product, "gap" 1 − the query's best lex_all, lm_first / lm_all the
// method prior learned per fold (method-prior-folds.ts, cross-fitted inside cross-validate.ts's
// leave-one-app-out as every benchmark's). The features of every candidate are computed
// once (rank-features.ts's whole catalogue) and kept between runs in E2E_TRIALS_CACHE when set.
import { type JudgedQuery, leaveOneAppOut, rankedBy, summary, trainingPool } from "./cross-validate.js";
import {
  FIXTURE_WEIGHT as FIT_FIXTURE_WEIGHT,
  L2 as FIT_L2,
  REAL_WEIGHT as FIT_REAL_WEIGHT,
} from "./fit-options.js";
import { heldOutQueries, namesOf, only, trialQueries } from "./trial-features.js";

/** The fit's settings, as fit.ts's unless E2E_TRIALS_L2 / _REAL_WEIGHT / _FIXTURE_WEIGHT say otherwise. */
const L2 = Number(process.env.E2E_TRIALS_L2 ?? FIT_L2);
const REAL_WEIGHT = Number(process.env.E2E_TRIALS_REAL_WEIGHT ?? FIT_REAL_WEIGHT);
const FIXTURE_WEIGHT = Number(process.env.E2E_TRIALS_FIXTURE_WEIGHT ?? FIT_FIXTURE_WEIGHT);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * `--held-out`: once, after the choice: each SET fitted on all the training data (fixtures and
 * open real apps), ranking the frozen held-out apps' queries; BM25 over the same documents beside it.
 */
async function heldOut(judged: JudgedQuery[], open: JudgedQuery[], sets: string[]) {
  const held = await heldOutQueries();
  const bm25 = summary(held.map((q) => q.bm25));
  console.log(`HELD OUT (${held.length} queries; BM25 ${pct(bm25.top3)} / ${bm25.mrr.toFixed(3)})`);
  console.log("| features | held out: top-3 / MRR@10 |");
  console.log("|---|---|");
  for (const set of ["", ...sets]) {
    const names = namesOf(set);
    const [j, o, h] = [judged, open, held].map((qs) => only(qs, names));
    const ranks = rankedBy(trainingPool(j!, o!, REAL_WEIGHT, FIXTURE_WEIGHT), h!, { l2: L2 });
    const r = summary(h!.map((q) => ranks.get(q.id)!));
    console.log(`| ${set || "shipped"} | ${pct(r.top3)} / ${r.mrr.toFixed(3)} |`);
  }
}

const { judged, open } = await trialQueries();
const args = process.argv.slice(2);
if (args.includes("--held-out")) {
  await heldOut(
    judged,
    open,
    args.filter((a) => a !== "--held-out"),
  );
  process.exit(0);
}
console.log(
  `real-query weight ${REAL_WEIGHT}, fixture-query weight ${FIXTURE_WEIGHT}, l2 ${L2}; leave one app out over the fixtures and the open real apps`,
);
console.log(
  "| features | fixtures: top-3 / MRR@10 | open real apps: top-3 / MRR@10 | top-3 queries gained / lost against the first set: fixtures; open |",
);
console.log("|---|---|---|---|");
const [bf, bo] = [judged, open].map((qs) => summary(qs.map((q) => q.bm25)));
console.log(
  `| plain BM25 | ${pct(bf!.top3)} / ${bf!.mrr.toFixed(3)} | ${pct(bo!.top3)} / ${bo!.mrr.toFixed(3)} | – |`,
);
const top3 = (r: number | undefined) => r !== undefined && r > 0 && r <= 3;
/** Queries in the top 3 under `cv` and not under `base`, and the reverse (a paired view of a change). */
const changed = (qs: JudgedQuery[], cv: Map<string, number>, base: Map<string, number>) =>
  `+${qs.filter((q) => top3(cv.get(q.id)) && !top3(base.get(q.id))).length} −${qs.filter((q) => !top3(cv.get(q.id)) && top3(base.get(q.id))).length}`;
let first: Map<string, number> | undefined;
for (const set of ["", ...args]) {
  const names = namesOf(set);
  const [j, o] = [judged, open].map((qs) => only(qs, names));
  const cv = leaveOneAppOut(trainingPool(j!, o!, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });
  first ??= cv;
  const [f, r] = [j!, o!].map((qs) => summary(qs.map((q) => cv.get(q.id)!)));
  console.log(
    `| ${set || "shipped"} | ${pct(f!.top3)} / ${f!.mrr.toFixed(3)} | ${pct(r!.top3)} / ${r!.mrr.toFixed(3)} | ${changed(j!, cv, first)}; ${changed(o!, cv, first)} |`,
  );
}
