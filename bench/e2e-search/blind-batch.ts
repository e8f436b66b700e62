// `npm run bench:e2e-search-blind -- N`: a blind batch of real-app queries (real-apps.json, the
// apps with "batch": N) ranked by the shipped `e2e search` (the committed model and weights, none
// of them fitted on this batch yet) beside plain BM25 over the same documents. Run right after a
// batch is merged and before any refit: the one figure no fit or choice has seen. The open and
// the frozen held-out apps apart, then by language (the package's kind: npm is Node, the others
// Debian's Python and Ruby), by app, and every query.
import { summary } from "./cross-validate.js";
import { isHeldOut, type RealJudgedQuery, readRealAppSet, realAppQueries } from "./real-apps.js";

const batch = Number(process.argv[2]);
if (!Number.isInteger(batch)) throw new Error("usage: npm run bench:e2e-search-blind -- N (the batch)");

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rank = (r: number | undefined) => (r === 0 ? ">10" : String(r));
const cell = (ranks: readonly number[]) => {
  const s = summary(ranks);
  return `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
};
const node = new Set(
  readRealAppSet()
    .filter((a) => a.package.kind === "npm")
    .map((a) => a.name),
);

const result = await realAppQueries({ batch });
if ("notRun" in result) throw new Error(`batch ${batch}: NOT RUN (${result.notRun})`);
const qs = result.queries;
if (qs.length === 0) throw new Error(`real-apps.json has no app of batch ${batch}`);

const row = (name: string, set: readonly RealJudgedQuery[]) => {
  if (set.length === 0) return;
  const apps = new Set(set.map((q) => q.app)).size;
  console.log(
    `| ${name} | ${apps} | ${set.length} | ${cell(set.map((q) => q.bm25))} | ${cell(set.map((q) => q.shipped!))} |`,
  );
};

console.log(
  `batch ${batch}, top-3 / MRR@10: plain BM25 and the shipped ranking (committed model), no refit\n`,
);
console.log("| set | apps | queries | BM25 | shipped |\n|---|---|---|---|---|");
for (const [name, held] of [
  ["open", false],
  ["HELD OUT (frozen)", true],
] as const) {
  const set = qs.filter((q) => isHeldOut(q.app) === held);
  row(name, set);
  row(
    `· ${name}, Node`,
    set.filter((q) => node.has(q.app)),
  );
  row(
    `· ${name}, Python / other`,
    set.filter((q) => !node.has(q.app)),
  );
}
row("all", qs);
console.log("\n| app | queries | BM25 | shipped |\n|---|---|---|---|");
for (const app of [...new Set(qs.map((q) => q.app))]) {
  const set = qs.filter((q) => q.app === app);
  const name = `${app}${isHeldOut(app) ? " (held out)" : ""}`;
  console.log(
    `| ${name} | ${set.length} | ${cell(set.map((q) => q.bm25))} | ${cell(set.map((q) => q.shipped!))} |`,
  );
}
console.log("\nevery query: BM25 / shipped rank (✗: not in the shipped top 3)");
for (const q of qs)
  console.log(
    `  ${q.id} ${q.query}: ${rank(q.bm25)} / ${rank(q.shipped)}${q.shipped! > 0 && q.shipped! <= 3 ? "" : " ✗"}`,
  );
