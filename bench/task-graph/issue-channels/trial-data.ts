// The judged queries of the issue-channel trials (issue 21): our eval set (part "own") and the
// outside set's frozen tune / holdout halves over CPython's change log, each with its corpus as a
// FieldedIndex and plain BM25's top 10 from lib/search's LexicalIndex (the baseline, same run).
import { LexicalIndex } from "../../../lib/search/index.js";
import type { IssueRecord } from "../../../services/task-graph/src/ports/graph-store.js";
import { evalSet, issueRecords } from "../issue-fields-support.js";
import { outsideEvalSet, outsideRecords } from "../outside-eval-support.js";
import { FieldedIndex } from "./fielded-index.js";

export type Part = "own" | "tune" | "holdout";

export interface TrialQuery {
  id: string;
  text: string;
  part: Part;
  relevant: Set<string>;
  index: FieldedIndex;
  /** Plain BM25's top 10 (LexicalIndex, one field: title, description, labels). */
  bm25: string[];
}

function judge(records: IssueRecord[], queries: Omit<TrialQuery, "index" | "bm25">[]): TrialQuery[] {
  const lexical = new LexicalIndex();
  for (const r of records)
    lexical.set(r.id, "issue", [[`${r.title}\n${r.description}\n${r.labels.join(" ")}`, 1]]);
  const index = new FieldedIndex(records);
  return queries.map((q) => ({ ...q, index, bm25: lexical.search(q.text, 10).map((h) => h.key) }));
}

export function trialQueries(): TrialQuery[] {
  const own = evalSet();
  const outside = outsideEvalSet();
  const relevant = (q: { targets: string[]; also_relevant: string[] }) =>
    new Set([...q.targets, ...q.also_relevant]);
  return [
    ...judge(
      issueRecords(own, true),
      own.queries.map((q) => ({ id: q.id, text: q.text, part: "own" as const, relevant: relevant(q) })),
    ),
    ...judge(
      outsideRecords(outside),
      outside.queries.map((q) => ({ id: q.id, text: q.text, part: q.split, relevant: relevant(q) })),
    ),
  ];
}
