// `npm run bench:e2e-search`: top-3 accuracy and MRR@10 of `e2e search` against plain BM25 over
// the same documents, in one run, on bench/e2e-search/eval-set.json (see evaluate.ts). Prints
// every query where the two differ or ours misses, then the summary, on the judged corpus
// (evaluate.ts) and then on the live one.
import { evaluate } from "./evaluate.js";

const e = await evaluate();
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rank = (r: number) => (r === 0 ? ">10" : String(r));
console.log(`e2e search evaluation: ${e.queries} queries, ${e.documents} documents (one index)\n`);
console.log("| query | ours | BM25 | our top 3 |");
console.log("|---|---|---|---|");
for (const o of e.outcomes) {
  const miss = o.ours === 0 || o.ours > 3;
  if (miss || o.ours !== o.bm25)
    console.log(
      `| ${o.id} ${o.query} | ${rank(o.ours)}${miss ? " ✗" : ""} | ${rank(o.bm25)} | ${o.top.join("; ")} |`,
    );
}
const wins = e.outcomes.filter((o) => (o.ours || 99) < (o.bm25 || 99)).length;
const losses = e.outcomes.filter((o) => (o.ours || 99) > (o.bm25 || 99)).length;
console.log(`\n| queries | ranking | top-3 accuracy | MRR@10 |`);
console.log("|---|---|---|---|");
for (const [name, s] of [
  ["all", e],
  ["tune", e.tune],
  ["holdout", e.holdout],
] as const) {
  console.log(
    `| ${name} (${s.queries}) | e2e search (hybrid) | ${pct(s.oursTop3)} | ${s.oursMrr.toFixed(3)} |`,
  );
  console.log(`| ${name} (${s.queries}) | BM25 (baseline) | ${pct(s.bm25Top3)} | ${s.bm25Mrr.toFixed(3)} |`);
}
console.log(
  `\nratio top-3 ours/BM25 ${(e.oursTop3 / e.bm25Top3).toFixed(2)}; per query: ${wins} better, ${losses} worse, ${e.queries - wins - losses} same`,
);

// Our services gained endpoints after the queries were judged (events, activity, notes): the same
// queries on every endpoint they have now, beside BM25 on that corpus.
const live = await evaluate("live");
console.log(
  `\nlive corpus (every endpoint of our services now, ${live.documents} documents): e2e search ${pct(live.oursTop3)} top-3, MRR ${live.oursMrr.toFixed(3)}; BM25 ${pct(live.bm25Top3)}, MRR ${live.bm25Mrr.toFixed(3)}`,
);
