// `npm run bench:search-quality`: search quality on bench/search-quality/eval-set.json (157 issues,
// 53 queries avoiding their targets' title words, judged by reading), ours against plain BM25 in
// the same run, with an ablation that adds one ingredient at a time:
//   bm25          one field (title + description + labels), no expansion, no vectors: the baseline
//   +fields       the service's issue documents (title ×1 since the fitted fusion), lexical only
//   +wordnet      + WordNet synonyms, derivationally related words and direct hypernyms
//   +hash vectors + the hashing embedder's cosine (hybrid, weight 0.3), min_score 0.15: the
//                   service's ranking before word vectors (and still with EMBEDDINGS_URL unset and
//                   soft matching off)
//   +glove vectors  the word-vector embedder's cosine instead (lib/embedding/word-vector-embedder.ts)
//   +neighbours     + expansion by nearest corpus words in word-vector space (measured; not used)
//   +soft (hand)    + soft term matching by word vectors (lib/search/soft-match.ts), weights
//                   MEANING_WEIGHTS: the task graph's ranking before the fitted fusion
//   soft, no wordnet / +cooccurrence  the same without WordNet / with corpus co-occurrence expansion
//   fitted fusion (ours)  FITTED_FUSION (services/task-graph/src/domain/search/fusion.ts, fitted by
//                   `npm run fit:issue-fusion`): the task graph's default ranking
// Reports MRR@10, recall@5 and precision@3 over all queries and over the tune / holdout halves
// (weights may only be chosen on the tune half), how many results the nonsense queries get, and
// per query where ours beats or loses to plain BM25 (reciprocal rank of the first relevant hit).
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import {
  CooccurrenceExpander,
  NeighbourExpander,
  type QueryExpander,
  WordNetExpander,
} from "../../lib/search/index.js";
import {
  FITTED_SEARCH,
  MEANING_WEIGHTS,
  type SearchServiceOptions,
} from "../../services/task-graph/src/domain/search/index.js";
import type { Embedder } from "../../services/task-graph/src/ports/embedder.js";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { evalSet, issueRecords } from "./issue-fields-support.js";
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

const set = evalSet();
const records: IssueRecord[] = issueRecords(set, false);

const service = (expanders: QueryExpander[], options: SearchServiceOptions & { embedder?: Embedder } = {}) =>
  serviceRanker(records, expanders, options);

const wordnet = new WordNetExpander();
const cooccurrence = new CooccurrenceExpander();
const glove = new WordVectorEmbedder();
const lexicalOnly = { useVectors: false, minScore: 0 };
const hand = { embedder: glove, ...MEANING_WEIGHTS };
const OURS = "fitted fusion (ours)";
const variants: [string, Ranker][] = [
  ["bm25", plainBm25(records)],
  ["+fields", await service([], lexicalOnly)],
  ["+wordnet", await service([wordnet], lexicalOnly)],
  ["+hash vectors", await service([wordnet])],
  [
    "+glove vectors",
    await service([wordnet], { embedder: glove, vectorWeight: MEANING_WEIGHTS.vectorWeight }),
  ],
  [
    "+neighbours",
    await service([wordnet, new NeighbourExpander()], {
      embedder: glove,
      vectorWeight: MEANING_WEIGHTS.vectorWeight,
    }),
  ],
  ["+soft (hand)", await service([wordnet], hand)],
  ["soft, no wordnet", await service([], hand)],
  ["+cooccurrence", await service([wordnet, cooccurrence], hand)],
  [OURS, await service([wordnet], { embedder: glove, ...FITTED_SEARCH })],
];

const results: Record<string, { all: Summary; tune: Summary; holdout: Summary; nonsense_results: number }> =
  {};
const perQuery: Record<string, Record<string, number>> = {};
for (const [name, rank] of variants) {
  const scores: (QueryScores & { split: string })[] = [];
  for (const q of set.queries) {
    const s = scoreRanking(await rank(q.text), new Set([...q.targets, ...q.also_relevant]));
    scores.push({ ...s, split: q.split });
    perQuery[q.id] = { ...perQuery[q.id], [name]: round(s.rr10, 2) };
  }
  let nonsense = 0;
  for (const q of set.nonsense_queries) nonsense += (await rank(q)).length;
  results[name] = {
    all: summarise(scores),
    tune: summarise(scores.filter((s) => s.split === "tune")),
    holdout: summarise(scores.filter((s) => s.split === "holdout")),
    nonsense_results: nonsense,
  };
}

const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(i === 0 ? 18 : 9)).join("");
console.log(row(["ranking", "MRR@10", "R@5", "P@3", "MRR tune", "MRR hold", "nonsense"]));
for (const [name, r] of Object.entries(results)) {
  console.log(
    row([
      name,
      r.all.mrr10,
      r.all.recall5,
      r.all.precision3,
      r.tune.mrr10,
      r.holdout.mrr10,
      r.nonsense_results,
    ]),
  );
}
const best = results[OURS]!;
const base = results.bm25!;
const gain = round(best.all.mrr10 - base.all.mrr10, 3);
console.log(
  `\nours vs plain BM25: MRR@10 ${best.all.mrr10} vs ${base.all.mrr10} (${gain >= 0 ? "+" : ""}${gain}; target +0.15), ` +
    `tune ${best.tune.mrr10} vs ${base.tune.mrr10}, holdout ${best.holdout.mrr10} vs ${base.holdout.mrr10}`,
);
const path = writeResult("search-quality", {
  eval_set: { issues: set.issues.length, queries: set.queries.length },
  baseline: "bm25",
  ours: OURS,
  mrr10_gain: gain,
  variants: results,
  per_query_rr10: perQuery,
});
const versus = set.queries.map((q) => ({
  q,
  ours: perQuery[q.id]![OURS]!,
  bm25: perQuery[q.id]!.bm25!,
}));
const line = (v: (typeof versus)[number]) =>
  `  ${v.q.id} ${v.q.split.padEnd(7)} ${String(v.bm25).padEnd(4)} → ${String(v.ours).padEnd(4)} ${v.q.text}`;
const wins = versus.filter((v) => v.ours > v.bm25);
const losses = versus.filter((v) => v.ours < v.bm25);
console.log(
  `\nper query, reciprocal rank BM25 → ours: ${wins.length} wins, ${losses.length} losses, ` +
    `${versus.length - wins.length - losses.length} ties`,
);
for (const v of wins) console.log(`win ${line(v)}`);
for (const v of losses) console.log(`loss${line(v)}`);
console.log(
  "\nweights (fusion, WordNet) were chosen on the tune half only; holdout scores are reported, never used to choose",
);
console.log(`wrote ${path}`);
