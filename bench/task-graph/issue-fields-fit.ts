// `npm run fit:issue-search`: fits issue search's re-ranker (services/task-graph/src/domain/search/
// issue-reranker.ts: the hybrid score and its parts plus title / description / labels / component
// as separate fields) on bench/search-quality/eval-set.json, and prints, from one run, plain
// BM25, the current ranking and the fitted one:
//   - nested 5-fold cross-validation over the development queries: the settings (candidate depth,
//     L2, blend with the hybrid score) are chosen by an inner CV inside each outer training part,
//     so every figure is from a model and settings that did not see the query;
//   - on a frozen held-out fold (FNV-1a of the query id mod 5 = 0) that no fit, setting or feature
//     choice sees; reported apart;
//   - split by query kind (symptom, synonym, paraphrase).
// Writes the model fitted on all development queries to lib/search/data/issue-search-reranker.json
// only when its nested-CV MRR@10 beats the current ranking's (else says so and writes nothing;
// that is the case today: bench/results/search-quality.md). The service's rerankIssues ranks by
// the model alone: a chosen blend would need it too. Deterministic: same data, same file.
import { fileURLToPath } from "node:url";
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import {
  fitLinearModel,
  type JudgedCandidates,
  LexicalIndex,
  linearScore,
  WordNetExpander,
  writeLinearModel,
} from "../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import { MEANING_WEIGHTS, SearchService } from "../../services/task-graph/src/domain/search/index.js";
import { ISSUE_RANK_FEATURES } from "../../services/task-graph/src/domain/search/issue-reranker.js";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { evalSet, issueRecords, type JudgedQuery, type Rates, rates } from "./issue-fields-support.js";

const set = evalSet();
const modelPath = fileURLToPath(new URL("../../lib/search/data/issue-search-reranker.json", import.meta.url));
const records: IssueRecord[] = issueRecords(set, true);

// Plain BM25, one merged field, no expansion: the baseline of bench:search-quality.
const bm25 = new LexicalIndex();
for (const r of records)
  bm25.set(r.id, "issue", [[`${r.title}\n${r.description}\n${r.labels.join(" ")}`, 1]]);
// The service's ranking today (app.ts with the word-vector embedder), no re-ranker.
const service = new SearchService(new EmbeddedVectorIndex(), new WordVectorEmbedder(), {
  expanders: [new WordNetExpander()],
  ...MEANING_WEIGHTS,
  issueFields: true,
});
await service.indexAll(records, []);

const queries: JudgedQuery[] = [];
for (const q of set.queries) {
  const rows = await service.issueFeatureRows({ query: q.text, limit: 10 });
  const relevant = new Set([...q.targets, ...q.also_relevant]);
  queries.push({
    id: q.id,
    kind: q.kind,
    relevant,
    bm25: bm25.search(q.text, 10).map((h) => h.key),
    current: rows.map((r) => r.id),
    rows,
  });
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
const FOLDS = 5;
interface Config {
  l2: number;
  depth: number;
  /**
   * null ranks by the model alone; a number β ranks by hybrid + β·(w·x)/Σ|w|, a correction of the
   * current ranking that the CV can shrink to nothing (β = 0 is the current ranking).
   */
  blend: number | null;
}
const configs: Config[] = [];
for (const depth of [5, 10, 20, 1000])
  for (const l2 of [0.01, 1]) for (const blend of [null, 0, 0.1, 0.3, 1]) configs.push({ l2, depth, blend });
const heldOut = queries.filter((q) => fnv1a(q.id) % FOLDS === 0);
const dev = queries.filter((q) => fnv1a(q.id) % FOLDS !== 0);

/** Features of the chosen columns only (an ablation zeroes the others). */
const masked = (x: number[], keep: readonly boolean[]) => x.map((v, i) => (keep[i] ? v : 0));
/** A query's fit rows: its first `depth` candidates in the current order (where MRR@10 is decided). */
const judged = (q: JudgedQuery, keep: readonly boolean[], depth: number): JudgedCandidates => ({
  features: q.rows.slice(0, depth).map((r) => masked(r.features, keep)),
  relevant: q.rows.slice(0, depth).map((r) => q.relevant.has(r.id)),
});
const rankBy = (q: JudgedQuery, weights: number[], keep: readonly boolean[], blend: number | null) =>
  q.rows
    .map((r) => {
      const s = linearScore({ features: [], weights, scale: 1, bias: 0 }, masked(r.features, keep));
      const norm = weights.reduce((a, w) => a + Math.abs(w), 0) || 1;
      return { id: r.id, s: blend === null ? s : r.features[0]! + (blend * s) / norm };
    })
    .sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);

/** Each of `qs` ranked by a model fitted on the other folds (fold = position mod FOLDS). */
function crossValidated(
  { l2, depth, blend }: Config,
  keep: readonly boolean[],
  qs: readonly JudgedQuery[] = dev,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = qs.filter((_, i) => i % FOLDS !== fold).map((q) => judged(q, keep, depth));
    const model = fitLinearModel(ISSUE_RANK_FEATURES, train, { l2 });
    for (const q of qs.filter((_, i) => i % FOLDS === fold))
      out.set(q.id, rankBy(q, model.weights, keep, blend));
  }
  return out;
}

/** The settings with the best CV MRR@10 over `qs` (first of equals). */
function bestConfig(qs: readonly JudgedQuery[], keep: readonly boolean[]): Config {
  const mrr = (c: Config) => {
    const cv = crossValidated(c, keep, qs);
    return rates(qs, (q) => cv.get(q.id)!).mrr10;
  };
  const scored = configs.map((c) => ({ c, m: mrr(c) }));
  return scored.reduce((best, x) => (x.m > best.m ? x : best)).c;
}

/**
 * Nested CV: for each outer fold, the settings are chosen by an inner CV on the other folds only,
 * then fitted there and scored on the fold, so choosing among settings does not flatter the figure.
 */
function nestedCrossValidated(keep: readonly boolean[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const trainQs = dev.filter((_, i) => i % FOLDS !== fold);
    const { l2, depth, blend } = bestConfig(trainQs, keep);
    const model = fitLinearModel(
      ISSUE_RANK_FEATURES,
      trainQs.map((q) => judged(q, keep, depth)),
      { l2 },
    );
    for (const q of dev.filter((_, i) => i % FOLDS === fold))
      out.set(q.id, rankBy(q, model.weights, keep, blend));
  }
  return out;
}

const all = ISSUE_RANK_FEATURES.map(() => true);
const noFields = ISSUE_RANK_FEATURES.map((_, i) => i < 4);
const show = (name: string, r: Rates) =>
  console.log(
    `${name.padEnd(34)} MRR@10 ${r.mrr10.toFixed(3)}  Hit@1 ${r.hit1.toFixed(3)}  Hit@3 ${r.hit3.toFixed(3)}  Hit@10 ${r.hit10.toFixed(3)}  (${r.n})`,
  );
console.log(
  `${queries.length} queries: ${dev.length} development (${FOLDS}-fold CV), ${heldOut.length} frozen held-out`,
);
// The fit's two free settings (candidate depth, L2), chosen by CV MRR@10 on development queries only.
for (const c of configs) {
  const cv = crossValidated(c, all);
  show(
    `fitted, CV, depth ${c.depth}, l2 ${c.l2}, blend ${c.blend ?? "none"}`,
    rates(dev, (q) => cv.get(q.id)!),
  );
}
const { l2, depth, blend } = bestConfig(dev, all);
const cv = nestedCrossValidated(all);
const cvNoFields = nestedCrossValidated(noFields);
const model = fitLinearModel(
  ISSUE_RANK_FEATURES,
  dev.map((q) => judged(q, all, depth)),
  { l2 },
);

const report: string[] = [];
for (const [part, qs] of [
  ["development, CV", dev],
  ["frozen held-out", heldOut],
] as const) {
  for (const kind of ["all", "symptom", "synonym", "paraphrase"]) {
    const sub = kind === "all" ? qs : qs.filter((q) => q.kind === kind);
    console.log(`\n${part}: ${kind}`);
    const fitted = (q: JudgedQuery) =>
      part === "frozen held-out" ? rankBy(q, model.weights, all, blend) : cv.get(q.id)!;
    const b = rates(sub, (q) => q.bm25);
    const c = rates(sub, (q) => q.current);
    const f = rates(sub, fitted);
    show("plain BM25", b);
    show("current (hybrid, title ×2 merged)", c);
    if (part !== "frozen held-out")
      show(
        "fitted without field features",
        rates(sub, (q) => cvNoFields.get(q.id)!),
      );
    show("fitted (nested CV / held-out)", f);
    report.push(
      `| ${part} | ${kind} | ${b.n} | ${b.mrr10.toFixed(3)} | ${c.mrr10.toFixed(3)} | ${f.mrr10.toFixed(3)} | ${b.hit1.toFixed(3)} / ${c.hit1.toFixed(3)} / ${f.hit1.toFixed(3)} | ${b.hit3.toFixed(3)} / ${c.hit3.toFixed(3)} / ${f.hit3.toFixed(3)} |`,
    );
  }
}
console.log(
  "\n| part | kind | queries | MRR@10 BM25 | current | fitted | Hit@1 B/C/F | Hit@3 B/C/F |\n|---|---|---|---|---|---|---|---|",
);
console.log(report.join("\n"));
const round = (x: number) => Math.round(x * 1e5) / 1e5;
console.log(
  `\ndepth ${depth}, l2 ${l2}, blend ${blend ?? "none"}; weights: ${model.features.map((f, i) => `${f} ${round(model.weights[i]!)}`).join(", ")}`,
);
const cvFitted = rates(dev, (q) => cv.get(q.id)!).mrr10;
const cvCurrent = rates(dev, (q) => q.current).mrr10;
if (cvFitted <= cvCurrent) {
  console.log(
    `fitted ${cvFitted.toFixed(3)} does not beat current ${cvCurrent.toFixed(3)} under CV: no model written`,
  );
} else {
  writeLinearModel(
    modelPath,
    model,
    "issue search's re-ranker (services/task-graph/src/domain/search/issue-reranker.ts), fitted by bench/task-graph/issue-fields-fit.ts (npm run fit:issue-search) on the development queries of bench/search-quality/eval-set.json (the frozen held-out fold excluded)",
    `${dev.length} queries, depth ${depth}, l2 ${l2}, blend ${blend ?? "none"}, nested-CV MRR@10 ${cvFitted.toFixed(3)} vs current ${cvCurrent.toFixed(3)}`,
  );
  console.log(`wrote ${modelPath}`);
}
