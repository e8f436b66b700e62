// `npm run fit:e2e-search`: fits `e2e search`'s re-rankers (lib/search rerank.ts) on every judged
// query of bench/e2e-search/eval-set.json over the judged corpus, prints their leave-one-app-out
// cross-validated figures beside BM25 and the hand-set rules (one run), and writes the models to
// lib/search/data/ (run `npm run build` after, for dist/):
// - e2e-search-reranker.json: the word vectors alone (featureNames(false));
// - e2e-search-reranker-http.json: with an embeddings endpoint's cosine as one more feature
//   (CHANNEL_FEATURES). The endpoint is EMBEDDINGS_URL + EMBEDDINGS_MODEL when set (refit for your
//   own model that way), else a stand-in this script starts on loopback (stand-in-embeddings.ts:
//   no model can be downloaded here), and the model file says which.
// Deterministic: the same data and endpoint give the same files.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  fitLinearModel,
  type LinearModel,
  readLinearModel,
  writeLinearModel,
} from "../../lib/search/index.js";
import {
  asJudged,
  type JudgedQuery,
  judgedQueries,
  leaveOneAppOut,
  namesOf,
  summary,
} from "./cross-validate.js";
import { L2 } from "./fit-options.js";
import { STAND_IN_MODEL, startStandInEmbeddings } from "./stand-in-embeddings.js";

const here = dirname(fileURLToPath(import.meta.url));
const data = resolve(here, "../../lib/search/data");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Prints the LOAO CV figures for a few L2 penalties (fit-options.ts's L2 among them). */
function crossValidated(name: string, queries: readonly JudgedQuery[]): void {
  for (const l2 of [0.001, 0.01, 0.1, 1]) {
    const cv = leaveOneAppOut(queries, { l2 });
    const s = summary(queries.map((q) => cv.get(q.id)!));
    console.log(`${name}, leave one app out, l2 ${l2}: ${pct(s.top3)} / ${s.mrr.toFixed(3)}`);
  }
}

function write(file: string, model: LinearModel, description: string, fittedOn: string): void {
  const out = resolve(data, file);
  writeLinearModel(out, model, description, fittedOn);
  console.log(`wrote ${out}`);
  const saved = readLinearModel(out, model.features);
  for (const [i, f] of saved.features.entries()) console.log(`  ${f.padEnd(18)} ${saved.weights[i]}`);
  console.log(`  scale ${saved.scale} bias ${saved.bias}`);
}

const fitOn = (queries: readonly JudgedQuery[]) =>
  fitLinearModel(namesOf(queries), queries.map(asJudged), { l2: L2 });

const ORIGIN =
  "fitted by bench/e2e-search/fit.ts (npm run fit:e2e-search) on every query of bench/e2e-search/eval-set.json; features from controller/src/search/rank-features.ts";

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
  const { queries: words } = await judgedQueries("judged", new Set(), local);
  const { queries: channel } = await judgedQueries("judged", new Set(), channelEnv);
  const bm25 = summary(words.map((q) => q.bm25));
  const rules = summary(words.map((q) => q.rules));
  console.log(
    `${words.length} queries, ${new Set(words.map((q) => q.app)).size} apps; channel: ${channelName}`,
  );
  console.log(
    `BM25 ${pct(bm25.top3)} / ${bm25.mrr.toFixed(3)}; rules ${pct(rules.top3)} / ${rules.mrr.toFixed(3)}`,
  );
  crossValidated("fitted without the channel", words);
  crossValidated("fitted with the channel", channel);
  write(
    "e2e-search-reranker.json",
    fitOn(words),
    `e2e search's re-ranker over the word vectors (lib/search rerank.ts), ${ORIGIN}`,
    `${words.length} queries, judged corpus, l2 ${L2}`,
  );
  write(
    "e2e-search-reranker-http.json",
    fitOn(channel),
    `e2e search's re-ranker with an embeddings endpoint (EMBEDDINGS_URL) as one more channel, ${ORIGIN}`,
    `${channel.length} queries, judged corpus, l2 ${L2}; channel: ${channelName}`,
  );
  console.log("(lib/search/data: run npm run build to copy the models into dist/)");
} finally {
  await standIn?.close();
}
