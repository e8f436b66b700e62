// `E2E_TRIALS_CACHE=before.json E2E_TRIALS_CACHE_AFTER=after.json node --import tsx
// bench/e2e-search/cache-pair.ts [SET]`: a document-side change (what the index holds, not which
// features the re-ranker reads) measured in one run. Each cache is feature-trials.ts's
// (trial-features.ts: the fixtures' and the OPEN real apps' candidates, computed by one version of
// the index); both are ranked by the same fit (the shipped settings, leave one app out), with plain
// BM25 over each version's documents beside, and the top-3 queries the change gains and loses.
// The frozen held-out apps are in neither cache.
import { readFileSync } from "node:fs";
import { type JudgedQuery, leaveOneAppOut, summary, trainingPool } from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { namesOf, only } from "./trial-features.js";

type Cache = { judged: JudgedQuery[]; open: JudgedQuery[] };
const read = (file: string | undefined): Cache => {
  if (!file) throw new Error("set E2E_TRIALS_CACHE (before) and E2E_TRIALS_CACHE_AFTER (after)");
  return JSON.parse(readFileSync(file, "utf8"));
};
const names = namesOf(process.argv[2] ?? "");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const top3 = (r: number | undefined) => r !== undefined && r > 0 && r <= 3;

/** LOAO ranks of both sets (fixtures, open real apps) of one cache, under the shipped fit. */
function ranks(cache: Cache) {
  const [judged, open] = [cache.judged, cache.open].map((qs) => only(qs, names));
  return leaveOneAppOut(trainingPool(judged!, open!, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });
}

const before = read(process.env.E2E_TRIALS_CACHE);
const after = read(process.env.E2E_TRIALS_CACHE_AFTER);
const [rb, ra] = [ranks(before), ranks(after)];
console.log(
  `features: ${names.join(", ")}; real weight ${REAL_WEIGHT}, fixture weight ${FIXTURE_WEIGHT}, l2 ${L2}`,
);
console.log("| set | queries | BM25 before | BM25 after | LOAO before | LOAO after | top-3 gained / lost |");
console.log("|---|---|---|---|---|---|---|");
for (const key of ["judged", "open"] as const) {
  const [qb, qa] = [before[key], after[key]];
  const [bb, ba] = [qb, qa].map((qs) => summary(qs.map((q) => q.bm25)));
  const [lb, la] = [summary(qb.map((q) => rb.get(q.id)!)), summary(qa.map((q) => ra.get(q.id)!))];
  const gained = qa.filter((q) => top3(ra.get(q.id)) && !top3(rb.get(q.id)));
  const lost = qa.filter((q) => !top3(ra.get(q.id)) && top3(rb.get(q.id)));
  const f = (s: { top3: number; mrr: number }) => `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
  console.log(
    `| ${key === "judged" ? "fixtures" : "open real apps"} | ${qa.length} | ${f(bb!)} | ${f(ba!)} | ${f(lb)} | ${f(la)} | +${gained.length} −${lost.length} |`,
  );
  if (key === "open")
    for (const q of [...gained, ...lost])
      console.log(
        `  ${top3(ra.get(q.id)) ? "+" : "−"} ${q.id} "${q.query}": ${rb.get(q.id)} → ${ra.get(q.id)}`,
      );
}
