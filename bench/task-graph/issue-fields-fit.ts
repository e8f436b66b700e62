// `npm run fit:issue-search`: fits issue search's re-ranker (services/task-graph/src/domain/search/
// issue-reranker.ts: the hybrid score and its parts, title / description / labels / component as
// separate fields, and the literal side of issue-literal.ts) and prints, from one run, plain BM25,
// the service's ranking today and the fitted one (MRR@10, recall@5), on:
//   - the TRAINING data: our eval set (bench/search-quality/eval-set.json, 53 queries) and the tune
//     half of the outside one (CPython's change log, bench/search-quality/outside-eval-set.json,
//     75 queries): nested 5-fold CV by query over both together (the settings, L2, candidate depth
//     and how much a query of our set counts, chosen by an inner CV on the training part only for
//     the smallest gain over today's ranking among the two sets), reported per set; and domain
//     transfer, fit on one set and test on the other;
//   - with `-- --holdout` only: the outside HOLDOUT half (74 queries), frozen: nothing is chosen on
//     it; ranked once, by the model fitted on all the training data, and printed last.
// Writes that model to lib/search/data/issue-search-reranker.json (deterministic: same data, same
// file) only when its nested-CV MRR@10 beats the service's ranking on both sets; else says so.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeLinearModel } from "../../lib/search/index.js";
import {
  bestConfig,
  type Config,
  fitModel,
  nestedCrossValidated,
  ofPart,
  type Rankings,
  rankBy,
  transfer,
} from "./issue-fit-cv.js";
import { type FitQuery, fitQueries } from "./issue-fit-data.js";
import { type Summary, scoreRanking, summarise } from "./search-quality-support.js";

const started = performance.now();
const queries = await fitQueries();
console.log(`features computed in ${Math.round((performance.now() - started) / 1000)} s`);
const own = ofPart(queries, "own");
const tune = ofPart(queries, "tune");
const holdout = ofPart(queries, "holdout");
const training = [...own, ...tune];

const summary = (qs: readonly FitQuery[], ranked: (q: FitQuery) => string[]): Summary =>
  summarise(qs.map((q) => scoreRanking(ranked(q), q.relevant)));
const fromMap = (m: Rankings) => (q: FitQuery) => m.get(q.id)!;
const lines: string[] = [];
function row(part: string, qs: readonly FitQuery[], fitted: (q: FitQuery) => string[]): Summary {
  const [b, c, f] = [summary(qs, (q) => q.bm25), summary(qs, (q) => q.current), summary(qs, fitted)];
  lines.push(
    `| ${part} | ${qs.length} | ${b.mrr10.toFixed(3)} | ${c.mrr10.toFixed(3)} | **${f.mrr10.toFixed(3)}** | ${b.recall5.toFixed(3)} | ${c.recall5.toFixed(3)} | ${f.recall5.toFixed(3)} |`,
  );
  return f;
}
const show = (c: Config) => `l2 ${c.l2}, depth ${c.depth}, own ×${c.own}, floor ${c.floor}`;

// Candidate recall: share of queries with a relevant issue among the candidates at all.
for (const [name, qs] of [
  ["own", own],
  ["tune", tune],
] as const) {
  const inPool = qs.filter((q) => q.rows.some((r) => q.relevant.has(r.id))).length;
  console.log(
    `${name}: ${inPool}/${qs.length} queries have a relevant candidate; ${Math.round(qs.reduce((s, q) => s + q.rows.length, 0) / qs.length)} candidates a query`,
  );
}

const nested = nestedCrossValidated(training);
console.log(`nested CV, settings chosen per outer fold: ${nested.chosen.map(show).join("; ")}`);
const cvOwn = row("our set, nested 5-fold CV (trained on own + outside tune)", own, fromMap(nested.rankings));
const cvTune = row("outside tune, nested 5-fold CV (same folds)", tune, fromMap(nested.rankings));
row("our set, fitted on outside tune only (transfer)", own, fromMap(transfer(tune, own)));
row("outside tune, fitted on our set only (transfer)", tune, fromMap(transfer(own, tune)));

const config = bestConfig(training);
const model = fitModel(training, config);
const modelRank = (q: FitQuery) => rankBy(q, model.weights, config.floor);
// The frozen half only when asked for (`-- --holdout`), once, after everything is chosen.
if (process.argv.includes("--holdout"))
  row("outside HOLDOUT (frozen; model fitted on all training queries)", holdout, modelRank);

console.log(
  "\n| part | queries | MRR@10 BM25 | service today | fitted | recall@5 BM25 | today | fitted |\n|---|---|---|---|---|---|---|---|",
);
console.log(lines.join("\n"));
const round = (x: number) => Math.round(x * 1e5) / 1e5;
console.log(
  `\nfinal: ${show(config)}; weights: ${model.features.map((f, i) => `${f} ${round(model.weights[i]!)}`).join(", ")}; scale ${round(model.scale)}, bias ${round(model.bias)}`,
);

const current = (qs: readonly FitQuery[]) => summary(qs, (q) => q.current).mrr10;
if (cvOwn.mrr10 > current(own) && cvTune.mrr10 > current(tune)) {
  const path = fileURLToPath(new URL("../../lib/search/data/issue-search-reranker.json", import.meta.url));
  writeLinearModel(
    path,
    model,
    "issue search's re-ranker (services/task-graph/src/domain/search/issue-reranker.ts), fitted by bench/task-graph/issue-fields-fit.ts (npm run fit:issue-search) on bench/search-quality/eval-set.json and the tune half of bench/search-quality/outside-eval-set.json",
    `${training.length} queries (${own.length} own, ${tune.length} outside tune), ${show(config)}; nested-CV MRR@10 own ${cvOwn.mrr10.toFixed(3)} vs today ${current(own).toFixed(3)}, outside tune ${cvTune.mrr10.toFixed(3)} vs ${current(tune).toFixed(3)}`,
  );
  // The scaling's floor goes with the weights (readIssueReranker reads it).
  const json = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...json, normalise_floor: config.floor }, null, 2)}\n`);
  console.log(`wrote ${path}`);
} else {
  console.log("the fitted ranking does not beat today's on both sets under CV: no model written");
}
