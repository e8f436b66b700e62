// Hashing embedder throughput on short, realistic issue texts (title + description).
// Target: >= 5,000 documents/s. Baseline run side by side: tokenising the same texts only (the
// floor any embedder over these tokens pays), so the ratio shows what hashing + n-grams cost.
// Run: node --import tsx bench/task-graph/embedder-throughput.ts
import { HashingEmbedder, tokenize } from "../../lib/embedding/index.js";
import { syntheticIssues } from "./search-corpus.js";
import { round, writeResult } from "./search-support.js";

const DOCS = Number(process.env.BENCH_DOCS ?? 20_000);
const ROUNDS = 5;
const TARGET_DOCS_PER_S = 5000;

const texts = syntheticIssues(DOCS).map((i) => `${i.title}\n${i.description}`);
const embedder = new HashingEmbedder();

function rate(op: (text: string) => unknown): number {
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const text of texts) op(text);
    rates.push((texts.length / (performance.now() - start)) * 1000);
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(ROUNDS / 2)]!; // median
}

// Interleave once for warm-up, then measure each side.
rate((t) => embedder.embedSync(t));
const baseline = rate((t) => tokenize(t));
const hashing = rate((t) => embedder.embedSync(t));

const avgChars = round(texts.reduce((s, t) => s + t.length, 0) / texts.length, 0);
const result = {
  documents: DOCS,
  avg_chars: avgChars,
  dimension: embedder.dimension,
  median_of_rounds: ROUNDS,
  hashing_docs_per_s: Math.round(hashing),
  baseline_tokenize_only_docs_per_s: Math.round(baseline),
  ratio_hashing_vs_tokenize_only: round(hashing / baseline),
  target_docs_per_s: TARGET_DOCS_PER_S,
  ratio_vs_target: round(hashing / TARGET_DOCS_PER_S),
  meets_target: hashing >= TARGET_DOCS_PER_S,
};
const path = writeResult("embedder-throughput", result);
console.log(
  `hashing embedder: ${result.hashing_docs_per_s} docs/s (avg ${avgChars} chars, dim ${embedder.dimension}) — ` +
    `${result.ratio_vs_target}× the 5,000/s target; ${result.ratio_hashing_vs_tokenize_only}× the tokenize-only baseline (${result.baseline_tokenize_only_docs_per_s}/s)`,
);
console.log(`written ${path}`);
