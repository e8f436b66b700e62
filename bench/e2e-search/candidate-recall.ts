// `npm run bench:e2e-search-recall [VARIANT…] [--held-out]`: the recall of `e2e search`'s first
// stage (lib/search's hybrid union of the lexical and vector top lists, over min_score), which the
// re-ranker can only re-order: for each judged query, is an expected endpoint in the candidate
// pool at all, and recall@10/@30/@50 of the first stage's own order, beside plain BM25's recall@k
// over the same documents in the same run. Each pool variant (a deeper list per side; no
// min_score; the top list of a corpus-learned expansion of the query joining the pool, lib/search's
// word-vector neighbours or co-occurrence) is measured with the re-ranker refitted on that pool (leave
// one app out over the fixture apps and the open real apps, as quality.ts), so a variant is judged
// by top-3 too. The frozen held-out apps are printed only with --held-out (once, for the variant
// chosen on the others).
import type { PoolOptions } from "../../controller/src/search/index.js";
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

/** The pools measured: the command's (each side 50 deep, min_score 0.15) first, then the levers. */
const VARIANTS: Record<string, PoolOptions> = {
  shipped: {},
  "depth-100": { depth: 100 },
  "depth-200": { depth: 200 },
  "no-min-score": { minScore: 0 },
  neighbours: { expand: "neighbours" },
  cooccurrence: { expand: "cooccurrence" },
};

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** The 1-based rank of the first expected endpoint in the pool, in the first stage's order (0: absent). */
const poolRank = (q: JudgedQuery) => q.labels.findIndex((l) => q.expected.includes(l)) + 1;
const within = (rank: number, k: number) => rank > 0 && rank <= k;
const share = (qs: readonly JudgedQuery[], f: (q: JudgedQuery) => boolean) =>
  pct(qs.filter(f).length / (qs.length || 1));

function recallRow(name: string, qs: readonly JudgedQuery[], ranks: ReadonlyMap<string, number>): string {
  const ks = [10, 30, 50];
  const pool = share(qs, (q) => poolRank(q) > 0);
  const first = ks.map((k) => share(qs, (q) => within(poolRank(q), k)));
  const bm25 = ks.map((k) => share(qs, (q) => within(q.bm25Deep, k)));
  const size = qs.reduce((s, q) => s + q.labels.length, 0) / (qs.length || 1);
  const s = summary(qs.map((q) => ranks.get(q.id)!));
  return `| ${name} | ${qs.length} | ${size.toFixed(0)} | ${pool} | ${first.join(" | ")} | ${bm25.join(" | ")} | ${pct(s.top3)} / ${s.mrr.toFixed(3)} |`;
}

async function measure(variant: string, pool: PoolOptions, heldOut: boolean) {
  const judged = (await judgedQueries("judged", new Set(), process.env, "shipped", pool)).queries;
  const realRun = await realAppQueries({ shipped: false, pool });
  if ("notRun" in realRun) throw new Error(`real apps: NOT RUN (${realRun.notRun})`);
  const real = realRun.queries;
  const open = real.filter((q) => !isHeldOut(q.app));
  const held = real.filter((q) => isHeldOut(q.app));
  const ranks = leaveOneAppOut(trainingPool(judged, open, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });
  const batches = [...new Set(real.map((q) => q.batch))].sort((a, b) => a - b);
  const byBatch = (qs: RealJudgedQuery[], set: string): [string, RealJudgedQuery[]][] =>
    batches.map((b) => [`· ${set} batch ${b}`, qs.filter((q) => q.batch === b)]);
  const rows: [string, readonly JudgedQuery[]][] = [
    ["fixtures", judged],
    ["real open", open],
    ...byBatch(open, "open"),
  ];
  if (heldOut) {
    const all = trainingPool(judged, open, REAL_WEIGHT, FIXTURE_WEIGHT);
    for (const [id, r] of heldOutRanks(all, held)) ranks.set(id, r);
    rows.push(["real HELD OUT", held], ...byBatch(held, "held out"));
  }
  console.log(`\n### ${variant} ${JSON.stringify(pool)}\n`);
  console.log(
    "| set | queries | pool size | in pool | first stage R@10 | R@30 | R@50 | BM25 R@10 | R@30 | R@50 | top-3 / MRR (refit, LOAO) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, qs] of rows) console.log(recallRow(name, qs, ranks));
  console.log(`\n${missBreakdown(open, ranks)}`);
  const missing = open.filter((q) => poolRank(q) === 0);
  console.log(`\nopen real queries whose answer is not in the pool (${missing.length}):`);
  for (const q of missing) console.log(`  ${q.id} ${q.query} (BM25 rank ${q.bm25Deep || ">50"})`);
}

/** Where the open real queries the refitted ranking misses (not in its top 3) lose their answer. */
function missBreakdown(open: readonly JudgedQuery[], ranks: ReadonlyMap<string, number>): string {
  const missed = open.filter((q) => !within(ranks.get(q.id)!, 3));
  const absent = missed.filter((q) => poolRank(q) === 0).length;
  const beyond = missed.filter((q) => poolRank(q) > 0 && ranks.get(q.id) === 0);
  const firstTop10 = beyond.filter((q) => within(poolRank(q), 10)).length;
  return (
    `open real misses (not top 3 after the re-ranker, LOAO): ${missed.length}; answer not in the pool: ${absent}; ` +
    `in the pool but re-ranked beyond 10: ${beyond.length} (of which the first stage had at ≤ 10: ${firstTop10}); ` +
    `re-ranked at 4–10: ${missed.length - absent - beyond.length}`
  );
}

/** The held-out apps ranked by the model fitted on all of the open data (never on them). */
const heldOutRanks = (train: readonly JudgedQuery[], held: readonly JudgedQuery[]) =>
  rankedBy(train, held, { l2: L2 });

const args = process.argv.slice(2);
const heldOut = args.includes("--held-out");
const chosen = args.filter((a) => !a.startsWith("--"));
for (const name of chosen.length ? chosen : Object.keys(VARIANTS)) {
  const pool = VARIANTS[name];
  if (!pool) throw new Error(`unknown variant ${name}; one of ${Object.keys(VARIANTS).join(", ")}`);
  await measure(name, pool, heldOut);
}
