// Filtering, ordering and paging of issues for listIssues. The unfiltered default order is
// served straight from Map insertion order, so the common first page costs O(limit).
import type { IssueQuery, IssueRecord, Page, Priority } from "../../ports/graph-store.js";
import type { GraphState } from "./graph-state.js";

const PRIORITY_RANK: Record<Priority, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

export function listIssues(state: GraphState, q: IssueQuery): Page<IssueRecord> {
  const sort = q.sort ?? "created_at";
  const filtered = hasFilter(q);
  if (!filtered && sort === "created_at" && state.createdInOrder) {
    return { items: sliceIterable(state.issues.values(), q.offset, q.limit), total: state.issues.size };
  }
  const matches = filtered ? [...state.issues.values()].filter(matcher(q)) : [...state.issues.values()];
  matches.sort(comparator(state, sort));
  return { items: matches.slice(q.offset, q.offset + q.limit), total: matches.length };
}

function hasFilter(q: IssueQuery): boolean {
  return Boolean(q.status?.length || q.priority?.length || q.component_id || q.label || q.q);
}

function matcher(q: IssueQuery): (i: IssueRecord) => boolean {
  const statuses = q.status?.length ? new Set<string>(q.status) : null;
  const priorities = q.priority?.length ? new Set<string>(q.priority) : null;
  const text = q.q?.toLowerCase();
  return (i) =>
    (!statuses || statuses.has(i.status)) &&
    (!priorities || priorities.has(i.priority)) &&
    (!q.component_id || i.component_id === q.component_id) &&
    (!q.label || i.labels.includes(q.label)) &&
    (!text || i.title.toLowerCase().includes(text) || i.description.toLowerCase().includes(text));
}

function comparator(state: GraphState, sort: string): (a: IssueRecord, b: IssueRecord) => number {
  const desc = sort.startsWith("-");
  const field = desc ? sort.slice(1) : sort;
  const sign = desc ? -1 : 1;
  const seq = (i: IssueRecord) => state.seq.get(i.id) ?? 0;
  const key =
    field === "priority"
      ? (a: IssueRecord, b: IssueRecord) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]
      : field === "updated_at"
        ? (a: IssueRecord, b: IssueRecord) => cmp(a.updated_at, b.updated_at)
        : (a: IssueRecord, b: IssueRecord) => cmp(a.created_at, b.created_at);
  // Ties fall back to creation order, ascending, whatever the direction: pages stay stable.
  return (a, b) => sign * key(a, b) || cmp(a.created_at, b.created_at) || seq(a) - seq(b);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sliceIterable<T>(it: Iterable<T>, offset: number, limit: number): T[] {
  const out: T[] = [];
  let i = 0;
  for (const v of it) {
    if (i++ < offset) continue;
    out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}
