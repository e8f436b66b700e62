// The issue-search fit's judged queries (issue 21): each query of our eval set
// (bench/search-quality/eval-set.json) and of the outside one (CPython's change log,
// outside-eval-support.ts) with the rankings of plain BM25 and of the service today, and its
// issue candidates' re-ranker features (SearchService.issueFeatureRows) in hybrid order.
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import { LexicalIndex, rankWeights, WordNetExpander } from "../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import {
  FITTED_SEARCH,
  MEANING_WEIGHTS,
  SearchService,
  type SearchServiceOptions,
} from "../../services/task-graph/src/domain/search/index.js";
import type { Embedder } from "../../services/task-graph/src/ports/embedder.js";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { evalSet, issueRecords } from "./issue-fields-support.js";
import { outsideEvalSet, outsideRecords } from "./outside-eval-support.js";

/** Which set a query is from: ours, or the outside set's frozen tune / holdout half. */
export type Part = "own" | "tune" | "holdout";

export interface FitQuery {
  id: string;
  text: string;
  part: Part;
  relevant: Set<string>;
  bm25: string[];
  current: string[];
  /** Issue candidates in hybrid order (the service's plus plain BM25's top list), raw features. */
  rows: { id: string; features: number[] }[];
}

interface Query {
  id: string;
  text: string;
  part: Part;
  relevant: Set<string>;
}

/**
 * Each query's ranking by the service as app.ts builds it with `embedder` (the word vectors:
 * FITTED_SEARCH; a model behind EMBEDDINGS_URL: what app.ts runs with it), and its candidates'
 * features from the hybrid ranking with every channel whole (MEANING_WEIGHTS, no gate, expansions
 * at full weight; the cosine is `embedder`'s): what the fits weigh.
 */
async function judge(
  records: IssueRecord[],
  queries: Query[],
  embedder: Embedder,
  types?: string[],
): Promise<FitQuery[]> {
  const bm25 = new LexicalIndex();
  for (const r of records)
    bm25.set(r.id, "issue", [[`${r.title}\n${r.description}\n${r.labels.join(" ")}`, 1]]);
  const make = (options: SearchServiceOptions) =>
    new SearchService(new EmbeddedVectorIndex(), embedder, {
      expanders: [new WordNetExpander()],
      ...options,
    });
  const service = make(embedder instanceof WordVectorEmbedder ? { ...FITTED_SEARCH } : rankWeights(false));
  const features = make({ ...MEANING_WEIGHTS, exactUnknown: true, issueFields: true });
  await service.indexAll(records, []);
  await features.indexAll(records, []);
  const out: FitQuery[] = [];
  for (const q of queries) {
    const request = { query: q.text, limit: 10, ...(types ? { types } : {}) };
    out.push({
      id: q.id,
      text: q.text,
      part: q.part,
      relevant: q.relevant,
      bm25: bm25.search(q.text, 10).map((h) => h.key),
      current: (await service.search(request)).map((r) => r.id),
      rows: await features.issueFeatureRows(request),
    });
  }
  return out;
}

/** The word vectors unless `embedder` is given (a model behind EMBEDDINGS_URL). */
export async function fitQueries(embedder: Embedder = new WordVectorEmbedder()): Promise<FitQuery[]> {
  const own = evalSet();
  const outside = outsideEvalSet();
  const relevant = (q: { targets: string[]; also_relevant: string[] }) =>
    new Set([...q.targets, ...q.also_relevant]);
  const ours = await judge(
    issueRecords(own, true),
    own.queries.map((q) => ({ id: q.id, text: q.text, part: "own" as const, relevant: relevant(q) })),
    embedder,
  );
  const theirs = await judge(
    outsideRecords(outside),
    outside.queries.map((q) => ({ id: q.id, text: q.text, part: q.split, relevant: relevant(q) })),
    embedder,
    ["issue"],
  );
  return [...ours, ...theirs];
}
