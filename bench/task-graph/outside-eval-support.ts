// The outside issue-search evaluation (issue 21): the blind queries of
// bench/search-quality/outside-eval-set.json over CPython's change log read at bench time
// (outside-issues-corpus.ts), as the task graph's store would hold the issues.
import { readFileSync } from "node:fs";
import type { IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { readOutsideIssues } from "./outside-issues-corpus.js";

export interface OutsideEvalSet {
  source: { path: string; package: string; version: string };
  queries: {
    id: string;
    text: string;
    split: "tune" | "holdout";
    targets: string[];
    also_relevant: string[];
  }[];
}

export function outsideEvalSet(): OutsideEvalSet {
  return JSON.parse(
    readFileSync(new URL("../search-quality/outside-eval-set.json", import.meta.url), "utf8"),
  ) as OutsideEvalSet;
}

/** Every extracted issue as a store record; fails naming any judged id the change log lacks. */
export function outsideRecords(set: OutsideEvalSet): IssueRecord[] {
  const issues = readOutsideIssues(set.source.path);
  const ids = new Set(issues.map((i) => i.id));
  const missing = set.queries.flatMap((q) => [...q.targets, ...q.also_relevant]).filter((id) => !ids.has(id));
  if (missing.length > 0) {
    throw new Error(
      `${set.source.path} lacks judged issues ${missing.join(", ")} (another python3.11 version?)`,
    );
  }
  const at = "2026-11-20T12:00:00.000";
  return issues.map((i) => ({
    id: i.id,
    title: i.title,
    description: i.description,
    status: "CLOSED",
    priority: "MEDIUM",
    component_id: i.component,
    labels: i.labels,
    created_at: at,
    updated_at: at,
    closed_at: at,
  }));
}
