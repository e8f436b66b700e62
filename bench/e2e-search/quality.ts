// `npm run bench:e2e-search`: top-3 accuracy and MRR@10 of `e2e search` on
// bench/e2e-search/eval-set.json, in one run, for three rankings over the same candidates: plain
// BM25 (the baseline), the hand-set rules (the hybrid score × kind prior × intent factor, the
// ranking before the fitted model) and the fitted re-ranker (lib/search rerank.ts) under
// leave-one-app-out cross-validation (cross-validate.ts: every query ranked by a model fitted
// without its app). Also the committed model (fitted on every query: in-sample, shown only to
// compare). On the judged corpus (evaluate.ts), the live one, and the real-app set (real-apps.ts:
// open apps cross-validated, the frozen held-out apps apart, each blind batch apart too, beside the
// shipped ranking: the command's own). Prints the queries the fitted ranking misses (CV), then the tables.

import { fitLinearModel } from "../../lib/search/index.js";
import {
  asJudged,
  type JudgedQuery,
  judgedQueries,
  leaveOneAppOut,
  namesOf,
  rankUnder,
  summary,
} from "./cross-validate.js";
import type { EvaluationCorpus } from "./evaluate.js";
import { L2 } from "./fit-options.js";
import { isHeldOut, type RealJudgedQuery, realAppQueries } from "./real-apps.js";

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rank = (r: number) => (r === 0 ? ">10" : String(r));
const found = (r: number) => r > 0 && r <= 3;

interface Rankings {
  corpus: EvaluationCorpus;
  documents: number;
  queries: JudgedQuery[];
  cv: Map<string, number>;
  inSample: Map<string, number>;
}

async function rankings(corpus: EvaluationCorpus): Promise<Rankings> {
  const { documents, queries } = await judgedQueries(corpus);
  const cv = leaveOneAppOut(queries, { l2: L2 });
  const model = fitLinearModel(namesOf(queries), queries.map(asJudged), { l2: L2 });
  const inSample = new Map(queries.map((q) => [q.id, rankUnder(model, q)]));
  return { corpus, documents, queries, cv, inSample };
}

function table(r: Rankings): void {
  const rows: [string, (q: JudgedQuery) => number][] = [
    ["BM25 (baseline)", (q) => q.bm25],
    ["hand-set rules (before)", (q) => q.rules],
    ["fitted, leave one app out", (q) => r.cv.get(q.id)!],
    ["fitted on all (in-sample)", (q) => r.inSample.get(q.id)!],
  ];
  console.log(`\n${r.corpus} corpus: ${r.queries.length} queries, ${r.documents} documents\n`);
  console.log("| ranking | top-3 | MRR@10 |");
  console.log("|---|---|---|");
  for (const [name, f] of rows) {
    const s = summary(r.queries.map(f));
    console.log(`| ${name} | ${pct(s.top3)} | ${s.mrr.toFixed(3)} |`);
  }
  const cv = (q: JudgedQuery) => r.cv.get(q.id)!;
  const better = r.queries.filter((q) => found(cv(q)) && !found(q.rules)).length;
  const worse = r.queries.filter((q) => !found(cv(q)) && found(q.rules)).length;
  console.log(
    `\nfitted (CV) against the rules, top-3: ${better} found only by the fitted, ${worse} only by the rules`,
  );
}

function perApp(r: Rankings): void {
  console.log(`\n${r.corpus} corpus by app (held-out fold): top-3 BM25 / rules / fitted CV`);
  for (const app of [...new Set(r.queries.map((q) => q.app))].sort()) {
    const qs = r.queries.filter((q) => q.app === app);
    const [b, h, f] = [
      (q: JudgedQuery) => q.bm25,
      (q: JudgedQuery) => q.rules,
      (q: JudgedQuery) => r.cv.get(q.id)!,
    ].map((g) => pct(summary(qs.map(g)).top3));
    console.log(`  ${app.padEnd(22)} ${String(qs.length).padStart(4)}  ${b} / ${h} / ${f}`);
  }
}

/** One real-app table: BM25, the rules, the fitted model (CV / held-out fold) and the shipped ranking. */
function realTable(name: string, qs: readonly RealJudgedQuery[], fitted: ReadonlyMap<string, number>): void {
  const apps = [...new Set(qs.map((q) => q.app))].join(", ");
  console.log(`\n${name}: ${qs.length} queries (${apps})\n`);
  console.log("| ranking | top-3 | MRR@10 |");
  console.log("|---|---|---|");
  for (const [label, f] of [
    ["BM25 (baseline)", (q: RealJudgedQuery) => q.bm25],
    ["hand-set rules (before)", (q: RealJudgedQuery) => q.rules],
    ["fitted", (q: RealJudgedQuery) => fitted.get(q.id)!],
    ["shipped (`e2e search`, committed model)", (q: RealJudgedQuery) => q.shipped],
  ] as const) {
    const s = summary(qs.map(f));
    console.log(`| ${label} | ${pct(s.top3)} | ${s.mrr.toFixed(3)} |`);
  }
}

/**
 * The real-app set: its open apps cross-validated (fitted on the judged set and the other open apps), its
 * held-out apps ranked by a model fitted on all the rest; every table for all batches, then each batch apart.
 */
async function realApps(judged: readonly JudgedQuery[]): Promise<void> {
  const real = await realAppQueries();
  if ("notRun" in real) {
    console.log(`\nreal apps: NOT RUN (${real.notRun})`);
    return;
  }
  const open = real.queries.filter((q) => !isHeldOut(q.app));
  const held = real.queries.filter((q) => isHeldOut(q.app));
  const cv = leaveOneAppOut(open, { l2: L2 }, judged);
  const model = fitLinearModel(namesOf(judged), [...judged, ...open].map(asJudged), { l2: L2 });
  const fitted = new Map([...cv, ...held.map((q) => [q.id, rankUnder(model, q)] as const)]);
  realTable("real apps, open (leave one app out)", open, fitted);
  realTable("real apps, HELD OUT (frozen split, fitted on everything else)", held, fitted);
  for (const batch of [...new Set(real.queries.map((q) => q.batch))].sort()) {
    realTable(
      `batch ${batch} alone, open`,
      open.filter((q) => q.batch === batch),
      fitted,
    );
    realTable(
      `batch ${batch} alone, HELD OUT`,
      held.filter((q) => q.batch === batch),
      fitted,
    );
  }
  console.log(
    "\nreal-app queries by app: BM25 / rules / fitted / shipped rank (✗: not in the top 3 of the fitted)",
  );
  for (const q of real.queries) {
    const f = fitted.get(q.id)!;
    const ranks = [q.bm25, q.rules, f, q.shipped].map(rank).join(" / ");
    console.log(`  ${q.id} ${q.query}: ${ranks}${found(f) ? "" : " ✗"}`);
  }
}

const judged = await rankings("judged");
console.log("| query | fitted (CV) | rules | BM25 |");
console.log("|---|---|---|---|");
for (const q of judged.queries) {
  const f = judged.cv.get(q.id)!;
  if (!found(f) || f !== q.rules)
    console.log(
      `| ${q.id} ${q.query} | ${rank(f)}${found(f) ? "" : " ✗"} | ${rank(q.rules)} | ${rank(q.bm25)} |`,
    );
}
table(judged);
perApp(judged);
table(await rankings("live"));
await realApps(judged.queries);
