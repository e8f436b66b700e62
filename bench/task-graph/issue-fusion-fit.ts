// `npm run fit:issue-fusion`: fits issue search's fusion weights (services/task-graph/src/domain/
// search/fusion.ts) on our eval set and the tune half of the outside one (issue-fit-data.ts),
// reports nested 5-fold CV and leave-one-set-out figures beside plain BM25 and the service as it
// runs now, and prints the setting chosen on all training queries (FITTED_FUSION is set to it by
// hand, with the figures in bench/results/search-quality.md). The outside holdout half is read
// only with `-- --holdout`, once, ranked with that final setting; nothing is chosen on it.
// With EMBEDDINGS_URL (and EMBEDDINGS_MODEL) set, the cosine is that model's, the grid gives it
// shares up to 0.6 (MODEL_SETTINGS), and "service now" is what app.ts runs with a model (the
// default share): the fit for your model. bench/e2e-search/sentence-encoder-server.mjs serves one
// here (bench/results/search-quality.md, "a sentence model", says how and what it gave).
import { selectEmbedder } from "../../lib/embedding/index.js";
import { type FitQuery, fitQueries } from "./issue-fit-data.js";
import {
  bestSetting,
  crossValidated,
  MODEL_SETTINGS,
  ofPart,
  rankWith,
  SETTINGS,
  type Setting,
  transferred,
} from "./issue-fusion-cv.js";
import { scoreRanking } from "./search-quality-support.js";

const embedder = selectEmbedder(process.env);
const model = process.env.EMBEDDINGS_URL
  ? `${process.env.EMBEDDINGS_MODEL} at ${process.env.EMBEDDINGS_URL}`
  : "";
const settings = model ? MODEL_SETTINGS : SETTINGS;
console.log(`cosine: ${model || "the word vectors"}; ${settings.length} settings`);
const all = await fitQueries(embedder);
const withHoldout = process.argv.includes("--holdout");
const training = all.filter((q) => q.part !== "holdout");
const own = ofPart(training, "own");
const tune = ofPart(training, "tune");

const mrr = (qs: readonly FitQuery[], ranked: (q: FitQuery) => string[]) =>
  qs.reduce((s, q) => s + scoreRanking(ranked(q), q.relevant).rr10, 0) / Math.max(1, qs.length);
const bm25 = (q: FitQuery) => q.bm25.map((k) => k.replace(/^issue:/, ""));
const f3 = (x: number) => x.toFixed(3);
const show = (s: Setting) =>
  `vector ${s.vectorWeight}, soft ${s.softWeight}, expansions ×${s.expansionWeight}, gate k ${s.meaningGate}`;

const lines: string[] = [];
function row(name: string, qs: readonly FitQuery[], fitted: (q: FitQuery) => string[]): void {
  const b = mrr(qs, bm25);
  const f = mrr(qs, fitted);
  lines.push(
    `| ${name} | ${qs.length} | ${f3(b)} | ${f3(mrr(qs, (q) => q.current))} | ${f3(f)} | ${f >= b ? "+" : ""}${f3(f - b)} |`,
  );
}

const cv = crossValidated(training, settings);
console.log(`nested CV, setting chosen per outer fold: ${cv.chosen.map(show).join("; ")}`);
row("our set, nested 5-fold CV", own, (q) => cv.ranked.get(q)!);
row("outside tune, nested 5-fold CV (same folds)", tune, (q) => cv.ranked.get(q)!);
const toTune = transferred(own, tune, settings);
const toOwn = transferred(tune, own, settings);
row(`outside tune, chosen on our set only (${show(toTune.setting)})`, tune, (q) => toTune.ranked.get(q)!);
row(`our set, chosen on outside tune only (${show(toOwn.setting)})`, own, (q) => toOwn.ranked.get(q)!);
const final = bestSetting(training, settings);
row("our set, final setting (in-sample)", own, (q) => rankWith(q, final));
row("outside tune, final setting (in-sample)", tune, (q) => rankWith(q, final));
if (withHoldout) {
  const holdout = ofPart(all, "holdout");
  row("outside HOLDOUT (frozen), final setting", holdout, (q) => rankWith(q, final));
}
console.log(
  "\n| part | queries | MRR@10 BM25 | service now | fitted fusion | fitted − BM25 |\n|---|---|---|---|---|---|",
);
console.log(lines.join("\n"));
console.log(`\nfinal setting (all ${training.length} training queries): ${show(final)}`);
