// `npm run fit:e2e-search`: fits `e2e search`'s re-rankers (lib/search rerank.ts) on the training
// distribution users have: every judged query of bench/e2e-search/eval-set.json (the fixtures'
// apps) and the OPEN real apps' queries (real-apps.json; never the frozen held-out apps), each real
// query weighing REAL_WEIGHT (fit-options.ts). It prints, in one run, BM25 and the
// leave-one-app-out CV figures (every app, fixture or real, ranked by a model fitted without it)
// on the fixtures and on the open real apps, for a few real-query weights and L2 penalties, and
// writes the models fitted on all of that data to lib/search/data/ (run `npm run build` after):
// - e2e-search-reranker.json: the word vectors alone (featureNames(false));
// - e2e-search-reranker-http.json: with an embeddings endpoint's cosine as one more feature
//   (CHANNEL_FEATURES). The endpoint is EMBEDDINGS_URL + EMBEDDINGS_MODEL when set (refit for your
//   own model that way), else a stand-in this script starts on loopback (stand-in-embeddings.ts:
//   no model can be downloaded here), and the model file says which;
// - e2e-search-method-prior.json: the learned method prior (lib/search method-prior.ts) the
//   models' lm_* features read, learned from all of that data. The models' weights are fitted on
//   its columns cross-fitted (each query's from a table without its own app:
//   method-prior-folds.ts), as every cross-validated figure here is.
// The real apps are fetched at bench time (bench/manifest-real/fetch.ts); when one cannot be, the
// script stops rather than fit on the fixtures alone. Deterministic: the same data and endpoint
// give the same files.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type LinearModel,
  type MethodPrior,
  readLinearModel,
  readMethodPrior,
  writeLinearModel,
  writeMethodPrior,
} from "../../lib/search/index.js";
import {
  fitAll,
  type JudgedQuery,
  judgedQueries,
  leaveOneAppOut,
  summary,
  trainingPool,
} from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { isHeldOut, type RealJudgedQuery, realAppQueries } from "./real-apps.js";
import { STAND_IN_MODEL, startStandInEmbeddings } from "./stand-in-embeddings.js";

const here = dirname(fileURLToPath(import.meta.url));
const data = resolve(here, "../../lib/search/data");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The fixtures' judged queries and the open real apps' (the training data), with `env`'s embedders. */
async function trainingData(env: NodeJS.ProcessEnv) {
  const { queries: judged } = await judgedQueries("judged", new Set(), env);
  // The committed model may not match the features yet (that is why one refits): no shipped rank.
  const real = await realAppQueries({ env, shipped: false });
  if ("notRun" in real)
    throw new Error(
      `the open real apps are part of the training data and cannot be read here (${real.notRun}); not fitting on the fixtures alone`,
    );
  return { judged, open: real.queries.filter((q) => !isHeldOut(q.app)) };
}

type Data = Awaited<ReturnType<typeof trainingData>>;

/** Prints the LOAO CV figures of one setting, on the fixtures and on the open real apps apart. */
function crossValidated(name: string, { judged, open }: Data, realWeight: number, l2: number): void {
  const cv = leaveOneAppOut(trainingPool(judged, open, realWeight, FIXTURE_WEIGHT), { l2 });
  const [f, r] = [judged, open].map((qs) => summary(qs.map((q) => cv.get(q.id)!)));
  console.log(
    `${name}, leave one app out, real weight ${realWeight}, l2 ${l2}: fixtures ${pct(f!.top3)} / ${f!.mrr.toFixed(3)}; open real apps ${pct(r!.top3)} / ${r!.mrr.toFixed(3)} (${byBatch(open, cv)})`,
  );
}

/** The open real apps' LOAO top-3 per blind batch: does a setting help every batch or one? */
function byBatch(open: readonly RealJudgedQuery[], cv: Map<string, number>): string {
  const batches = [...new Set(open.map((q) => q.batch))].sort((a, b) => a - b);
  return batches
    .map(
      (b) => `batch ${b} ${pct(summary(open.filter((q) => q.batch === b).map((q) => cv.get(q.id)!)).top3)}`,
    )
    .join(", ");
}

function write(file: string, model: LinearModel, description: string, fittedOn: string): void {
  const out = resolve(data, file);
  writeLinearModel(out, model, description, fittedOn);
  console.log(`wrote ${out}`);
  const saved = readLinearModel(out, model.features);
  for (const [i, f] of saved.features.entries()) console.log(`  ${f.padEnd(18)} ${saved.weights[i]}`);
  console.log(`  scale ${saved.scale} bias ${saved.bias}`);
}

const fitOn = ({ judged, open }: Data) =>
  fitAll(trainingPool(judged, open, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });

function writePrior(prior: MethodPrior | undefined, description: string, fittedOn: string): void {
  if (!prior) return;
  const out = resolve(data, "e2e-search-method-prior.json");
  writeMethodPrior(out, prior, description, fittedOn);
  const saved = readMethodPrior(out);
  console.log(
    `wrote ${out}: ${Object.keys(saved.first).length} first words, ${Object.keys(saved.all).length} words, smoothing (fitted, leave one app out) ${JSON.stringify(saved.smoothing)}`,
  );
}

const fittedOn = ({ judged, open }: Data) =>
  `${judged.length} fixture queries (judged corpus) weighing ${FIXTURE_WEIGHT} each + ${open.length} open real-app queries (${[...new Set(open.map((q) => q.app))].join(", ")}) weighing ${REAL_WEIGHT} each, l2 ${L2}`;

const ORIGIN =
  "fitted by bench/e2e-search/fit.ts (npm run fit:e2e-search) on every query of bench/e2e-search/eval-set.json and the open apps of real-apps.json; features from controller/src/search/rank-features.ts";

// The word vectors alone: whatever EMBEDDINGS_URL says, the base channel is fitted without it.
const { EMBEDDINGS_URL: userUrl, ...local } = process.env;
const standIn = userUrl ? undefined : await startStandInEmbeddings();
try {
  const channelEnv = standIn
    ? { ...local, EMBEDDINGS_URL: standIn.url, EMBEDDINGS_MODEL: STAND_IN_MODEL }
    : process.env;
  const channelName = standIn
    ? `the stand-in endpoint (bench/e2e-search/stand-in-embeddings.ts, ${STAND_IN_MODEL}), not a real model: refit with EMBEDDINGS_URL and EMBEDDINGS_MODEL set`
    : `EMBEDDINGS_MODEL ${process.env.EMBEDDINGS_MODEL} at EMBEDDINGS_URL ${userUrl}`;
  const words = await trainingData(local);
  const channel = await trainingData(channelEnv);
  const apps = new Set([...words.judged, ...words.open].map((q) => q.app)).size;
  console.log(
    `${words.judged.length} fixture queries + ${words.open.length} open real-app queries, ${apps} apps; channel: ${channelName}`,
  );
  for (const [name, qs] of [
    ["fixtures", words.judged],
    ["open real apps", words.open],
  ] as const) {
    const [bm25, rules] = [(q: JudgedQuery) => q.bm25, (q: JudgedQuery) => q.rules].map((f) =>
      summary(qs.map(f)),
    );
    console.log(
      `${name}: BM25 ${pct(bm25!.top3)} / ${bm25!.mrr.toFixed(3)}; rules ${pct(rules!.top3)} / ${rules!.mrr.toFixed(3)}`,
    );
  }
  // --shipped-only: the CV of the settings in fit-options.ts alone (each setting is a full LOAO).
  const grid = process.argv.includes("--shipped-only")
    ? { w: [REAL_WEIGHT], l2: [] }
    : { w: [1, 2, 4, 8], l2: [0.001, 0.1, 1] };
  for (const w of grid.w) crossValidated("fitted without the channel", words, w, L2);
  for (const l2 of grid.l2) crossValidated("fitted without the channel", words, REAL_WEIGHT, l2);
  crossValidated("fitted with the channel", channel, REAL_WEIGHT, L2);
  const fitted = fitOn(words);
  write(
    "e2e-search-reranker.json",
    fitted.model,
    `e2e search's re-ranker over the word vectors (lib/search rerank.ts), ${ORIGIN}`,
    fittedOn(words),
  );
  // The prior is learned from the queries and their answers alone: the same for both models.
  writePrior(
    fitted.prior,
    `e2e search's learned method prior (lib/search method-prior.ts): per word stem of the training queries, log P(method of the answer | word) − log P(method), for the first word and for all words; ${ORIGIN}`,
    `${words.judged.length} fixture queries (judged corpus) + ${words.open.length} open real-app queries`,
  );
  write(
    "e2e-search-reranker-http.json",
    fitOn(channel).model,
    `e2e search's re-ranker with an embeddings endpoint (EMBEDDINGS_URL) as one more channel, ${ORIGIN}`,
    `${fittedOn(channel)}; channel: ${channelName}`,
  );
  console.log("(lib/search/data: run npm run build to copy the models into dist/)");
} finally {
  await standIn?.close();
}
