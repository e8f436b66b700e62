// What gets indexed for each kind of record. `embedText` feeds the embedder (title first and
// repeated once, because titles are the densest statement of what an item is about); `text`
// is what snippets are cut from; `fields` feed the lexical index with their boosts.
import type { ComponentRecord, IssueRecord } from "../../ports/graph-store.js";
import { lastChangeMs } from "./last-change.js";

export interface SearchDocument {
  type: string;
  id: string;
  title: string;
  text: string;
  /** Lexical fields: [text, boost]. */
  fields: [string, number][];
  embedText: string;
  /** Code only (files and symbols): where it is, added to results. */
  location?: CodeLocation;
  /** Issues only: what a status filter and the result's `status` see. */
  status?: string;
  /** Issues only: the facets root-cause analysis selects candidates by. */
  component_id?: string | null;
  labels?: string[];
  /** Issues only: when it last changed (last-change.ts), for root-cause recency. */
  changedMs?: number;
}

export interface CodeLocation {
  repo: string;
  path: string;
  line: number;
}

export const documentKey = (type: string, id: string): string => `${type}:${id}`;

export function issueDocument(issue: IssueRecord): SearchDocument {
  const labels = issue.labels.join(" ");
  return {
    type: "issue",
    id: issue.id,
    title: issue.title,
    text: issue.description,
    // Title ×1: a ×2 boost measured worse than none on both issue sets, ours and CPython's
    // (bench/results/search-quality.md, "+fields" rows), so a title word counts as any other.
    fields: [
      [issue.title, 1],
      [issue.description, 1],
      [labels, 1],
    ],
    embedText: `${issue.title}\n${issue.title}\n${issue.description}\n${labels}`,
    status: issue.status,
    component_id: issue.component_id,
    labels: issue.labels,
    changedMs: lastChangeMs(issue),
  };
}

export function componentDocument(component: ComponentRecord): SearchDocument {
  return {
    type: "component",
    id: component.id,
    title: component.name,
    text: component.description,
    fields: [
      [component.name, 2],
      [component.description, 1],
      [component.project, 1],
    ],
    embedText: `${component.name}\n${component.name}\n${component.description}\n${component.project}`,
  };
}
