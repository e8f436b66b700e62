// `npm run fit:e2e-search`: fits `e2e search`'s re-ranker (lib/search rerank.ts) on every judged
// query of bench/e2e-search/eval-set.json over the judged corpus, prints its leave-one-app-out
// cross-validated figures beside BM25 and the hand-set rules, and writes the model to
// lib/search/data/e2e-search-reranker.json (run `npm run build` after, for dist/). Deterministic:
// the same data gives the same file.
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RANK_FEATURES } from "../../controller/src/search/index.js";
import { fitLinearModel } from "../../lib/search/index.js";
import { asJudged, judgedQueries, leaveOneAppOut, summary } from "./cross-validate.js";
import { L2 } from "./fit-options.js";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, "../../lib/search/data/e2e-search-reranker.json");

const { queries } = await judgedQueries("judged");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const bm25 = summary(queries.map((q) => q.bm25));
const rules = summary(queries.map((q) => q.rules));
console.log(`${queries.length} queries, ${new Set(queries.map((q) => q.app)).size} apps`);
console.log(
  `BM25 ${pct(bm25.top3)} / ${bm25.mrr.toFixed(3)}; rules ${pct(rules.top3)} / ${rules.mrr.toFixed(3)}`,
);
for (const l2 of [0.001, 0.01, 0.1, 1]) {
  const cv = leaveOneAppOut(queries, { l2 });
  const s = summary(queries.map((q) => cv.get(q.id)!));
  console.log(`fitted, leave one app out, l2 ${l2}: ${pct(s.top3)} / ${s.mrr.toFixed(3)}`);
}
const model = fitLinearModel(RANK_FEATURES, queries.map(asJudged), { l2: L2 });
const round = (x: number) => Math.round(x * 1e5) / 1e5;
const file = {
  description:
    "e2e search's re-ranker (lib/search rerank.ts), fitted by bench/e2e-search/fit.ts (npm run fit:e2e-search) on every query of bench/e2e-search/eval-set.json; features from controller/src/search/rank-features.ts",
  fitted_on: `${queries.length} queries, judged corpus, l2 ${L2}`,
  features: model.features,
  weights: model.weights.map(round),
  scale: round(model.scale),
  bias: round(model.bias),
};
writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
console.log(`wrote ${out}`);
for (const [i, f] of model.features.entries()) console.log(`  ${f.padEnd(18)} ${file.weights[i]}`);
console.log(`  scale ${file.scale} bias ${file.bias}`);
console.log(
  `(${join("lib/search/data", "e2e-search-reranker.json")}: run npm run build to copy it into dist/)`,
);
