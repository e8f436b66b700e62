// Our issue-search eval set (bench/search-quality/eval-set.json) and its issues as the store holds
// them, for bench:search-quality and the issue-search fit (issue-fit-data.ts).
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
