// The issue-search fit's data (bench/search-quality/eval-set.json) and its ranking figures:
// MRR@10 and Hit@k (share of queries with a relevant issue in the top k) over ranked id lists.
import { readFileSync } from "node:fs";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";

export interface EvalSet {
  issues: {
    key: string;
    component: string;
    status: string;
    labels: string[];
    title: string;
    description: string;
  }[];
  queries: {
    id: string;
    text: string;
    kind: string;
    split: string;
    targets: string[];
    also_relevant: string[];
  }[];
  nonsense_queries: string[];
}

export function evalSet(): EvalSet {
  return JSON.parse(
    readFileSync(new URL("../search-quality/eval-set.json", import.meta.url), "utf8"),
  ) as EvalSet;
}

/** The set's issues as the store holds them; `components`: with their component (else none). */
export function issueRecords(set: EvalSet, components: boolean): IssueRecord[] {
  const at = "2026-11-20T12:00:00.000";
  return set.issues.map((i) => ({
    id: i.key,
    title: i.title,
    description: i.description,
    status: i.status as IssueRecord["status"],
    priority: "MEDIUM",
    component_id: components ? i.component : null,
    labels: i.labels,
    created_at: at,
    updated_at: at,
    closed_at: null,
  }));
}

/** A judged query with each ranking's ids and its issue candidates' features. */
export interface JudgedQuery {
  id: string;
  kind: string;
  relevant: Set<string>;
  bm25: string[];
  current: string[];
  rows: { id: string; features: number[] }[];
}

export interface Rates {
  n: number;
  mrr10: number;
  hit1: number;
  hit3: number;
  hit10: number;
}

export function rates(queries: readonly JudgedQuery[], ranked: (q: JudgedQuery) => string[]): Rates {
  const firsts = queries.map((q) =>
    ranked(q)
      .slice(0, 10)
      .findIndex((id) => q.relevant.has(id)),
  );
  const n = Math.max(1, queries.length);
  const share = (f: (first: number) => number) => firsts.reduce((s, first) => s + f(first), 0) / n;
  return {
    n: queries.length,
    mrr10: share((i) => (i < 0 ? 0 : 1 / (i + 1))),
    hit1: share((i) => (i === 0 ? 1 : 0)),
    hit3: share((i) => (i >= 0 && i < 3 ? 1 : 0)),
    hit10: share((i) => (i >= 0 ? 1 : 0)),
  };
}
