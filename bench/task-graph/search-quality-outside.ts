// `npm run bench:search-quality-outside`: issue search on issues nobody here wrote (issue 21):
// every numbered entry of CPython's change log as Debian's python3.11 package ships it (7,462
// issues, read at bench time by outside-issues-corpus.ts, installed with apt-get when missing),
// with the 149 blind queries of bench/search-quality/outside-eval-set.json (written before any
// search ran; frozen tune / holdout split). Every issue is indexed into the task graph's real
// SearchService as the service builds it (app.ts: word-vector embedder, WordNet expansion,
// FITTED_FUSION, the issue documents' title / description / labels fields, component as the
// section), beside plain BM25 over one merged field (LexicalIndex) in the same run, and the
// ingredients one at a time as in search-quality.ts:
//   bm25            one field (title + description + labels), no expansion: the baseline
//   +fields         the service's issue documents, lexical only
//   +wordnet        + WordNet expansion, lexical only
//   +hash vectors   + the hashing embedder's cosine (default fusion weight)
//   +glove vectors  the word-vector embedder's cosine instead
//   +soft (hand)    + soft term matching, MEANING_WEIGHTS: what the task graph ran before
//   soft, no wordnet
//   fitted fusion (service)  FITTED_FUSION (fusion.ts, `npm run fit:issue-fusion`): what it runs
// Reports MRR@10, recall@5 and precision@3 on all / tune / holdout. Nothing here is tuned: the
// figures say how the shipped ranking carries over to data it never saw.
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import { type QueryExpander, WordNetExpander } from "../../lib/search/index.js";
import {
  FITTED_SEARCH,
  MEANING_WEIGHTS,
  type SearchServiceOptions,
} from "../../services/task-graph/src/domain/search/index.js";
import type { Embedder } from "../../services/task-graph/src/ports/embedder.js";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { type OutsideEvalSet, outsideEvalSet, outsideRecords } from "./outside-eval-support.js";
import {
  plainBm25,
  type QueryScores,
  type Ranker,
  type Summary,
  scoreRanking,
  serviceRanker,
  summarise,
} from "./search-quality-support.js";
import { round, writeResult } from "./search-support.js";

const set: OutsideEvalSet = outsideEvalSet();
const records: IssueRecord[] = outsideRecords(set);
console.log(`${records.length} issues indexed, ${set.queries.length} queries (${set.source.path})`);

async function service(
  expanders: QueryExpander[],
  options: SearchServiceOptions & { embedder?: Embedder } = {},
): Promise<Ranker> {
  const started = performance.now();
  const ranker = await serviceRanker(records, expanders, options, ["issue"]);
  console.log(`  indexed in ${round((performance.now() - started) / 1000, 1)} s`);
  return ranker;
}

const wordnet = new WordNetExpander();
const glove = new WordVectorEmbedder();
const lexicalOnly = { useVectors: false, minScore: 0 };
const OURS = "fitted fusion (service)";
const variants: [string, () => Promise<Ranker>][] = [
  ["bm25", async () => plainBm25(records)],
  ["+fields", () => service([], lexicalOnly)],
  ["+wordnet", () => service([wordnet], lexicalOnly)],
  ["+hash vectors", () => service([wordnet])],
  [
    "+glove vectors",
    () => service([wordnet], { embedder: glove, vectorWeight: MEANING_WEIGHTS.vectorWeight }),
  ],
  ["+soft (hand)", () => service([wordnet], { embedder: glove, ...MEANING_WEIGHTS })],
  ["soft, no wordnet", () => service([], { embedder: glove, ...MEANING_WEIGHTS })],
  [OURS, () => service([wordnet], { embedder: glove, ...FITTED_SEARCH })],
];

type Row = { all: Summary; tune: Summary; holdout: Summary };
const results: Record<string, Row> = {};
const perQuery: Record<string, Record<string, number>> = {};
for (const [name, make] of variants) {
  console.log(name);
  const rank = await make();
  const scores: (QueryScores & { split: string })[] = [];
  for (const q of set.queries) {
    const s = scoreRanking(await rank(q.text), new Set([...q.targets, ...q.also_relevant]));
    scores.push({ ...s, split: q.split });
    perQuery[q.id] = { ...perQuery[q.id], [name]: round(s.rr10, 2) };
  }
  results[name] = {
    all: summarise(scores),
    tune: summarise(scores.filter((s) => s.split === "tune")),
    holdout: summarise(scores.filter((s) => s.split === "holdout")),
  };
}

const cell = (cells: (string | number)[]) =>
  cells.map((c, i) => String(c).padEnd(i === 0 ? 18 : 10)).join("");
console.log(`\n${cell(["ranking", "MRR@10", "R@5", "P@3", "MRR tune", "MRR hold", "R@5 tune", "R@5 hold"])}`);
for (const [name, r] of Object.entries(results)) {
  const { all, tune, holdout } = r;
  console.log(
    cell([
      name,
      all.mrr10,
      all.recall5,
      all.precision3,
      tune.mrr10,
      holdout.mrr10,
      tune.recall5,
      holdout.recall5,
    ]),
  );
}
const ours = results[OURS]!;
const base = results.bm25!;
const gain = (part: keyof Row) => round(ours[part].mrr10 - base[part].mrr10, 3);
console.log(
  `\nservice vs plain BM25, MRR@10: all ${ours.all.mrr10} vs ${base.all.mrr10} (${gain("all")}; target +0.10), ` +
    `tune ${ours.tune.mrr10} vs ${base.tune.mrr10} (${gain("tune")}), ` +
    `holdout ${ours.holdout.mrr10} vs ${base.holdout.mrr10} (${gain("holdout")})`,
);
const wins = set.queries.filter((q) => perQuery[q.id]![OURS]! > perQuery[q.id]!.bm25!).length;
const losses = set.queries.filter((q) => perQuery[q.id]![OURS]! < perQuery[q.id]!.bm25!).length;
console.log(`per query (reciprocal rank): ${wins} wins, ${losses} losses against BM25`);
const path = writeResult("search-quality-outside", {
  corpus: { path: set.source.path, issues: records.length },
  queries: set.queries.length,
  baseline: "bm25",
  ours: OURS,
  mrr10_gain: { all: gain("all"), tune: gain("tune"), holdout: gain("holdout") },
  variants: results,
  per_query_rr10: perQuery,
});
console.log(`wrote ${path}`);
