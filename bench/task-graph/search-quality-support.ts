// Ranking metrics of the search-quality benchmark, over a query's ranked ids and its judged
// relevant ids: reciprocal rank of the first relevant result within the top 10 (MRR@10 is the
// mean), share of the relevant items found in the top 5 (recall@5), share of the top 3 that are
// relevant (precision@3, counting missing places as misses).
import { HashingEmbedder } from "../../lib/embedding/index.js";
import { LexicalIndex, type QueryExpander } from "../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import {
  SearchService,
  type SearchServiceOptions,
} from "../../services/task-graph/src/domain/search/index.js";
import type { Embedder } from "../../services/task-graph/src/ports/embedder.js";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";

export interface QueryScores {
  rr10: number;
  recall5: number;
  precision3: number;
}

export function scoreRanking(ranked: string[], relevant: Set<string>): QueryScores {
  const first = ranked.slice(0, 10).findIndex((id) => relevant.has(id));
  const hits = (k: number) => ranked.slice(0, k).filter((id) => relevant.has(id)).length;
  return {
    rr10: first < 0 ? 0 : 1 / (first + 1),
    recall5: hits(5) / relevant.size,
    precision3: hits(3) / 3,
  };
}

export interface Summary {
  queries: number;
  mrr10: number;
  recall5: number;
  precision3: number;
}

export function summarise(scores: QueryScores[]): Summary {
  const mean = (f: (s: QueryScores) => number) =>
    Math.round((scores.reduce((a, s) => a + f(s), 0) / Math.max(1, scores.length)) * 1000) / 1000;
  return {
    queries: scores.length,
    mrr10: mean((s) => s.rr10),
    recall5: mean((s) => s.recall5),
    precision3: mean((s) => s.precision3),
  };
}

/** Ranks issue ids for a query; the top 10. */
export type Ranker = (query: string) => Promise<string[]>;

/** The baseline: plain BM25 over one field (title, description and labels), no expansion, no vectors. */
export function plainBm25(records: readonly IssueRecord[]): Ranker {
  const index = new LexicalIndex();
  for (const r of records)
    index.set(r.id, "issue", [[`${r.title}\n${r.description}\n${r.labels.join(" ")}`, 1]]);
  return async (query) => index.search(query, 10).map((h) => h.key.replace(/^issue:/, ""));
}

/** The task graph's SearchService over `records` (hashing embedder unless one is given), as a ranker. */
export async function serviceRanker(
  records: IssueRecord[],
  expanders: QueryExpander[],
  options: SearchServiceOptions & { embedder?: Embedder } = {},
  types?: string[],
): Promise<Ranker> {
  const search = new SearchService(new EmbeddedVectorIndex(), options.embedder ?? new HashingEmbedder(), {
    expanders,
    ...options,
  });
  await search.indexAll(records, []);
  return async (query) =>
    (await search.search({ query, limit: 10, ...(types ? { types } : {}) })).map((r) => r.id);
}
