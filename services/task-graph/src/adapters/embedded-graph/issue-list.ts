// Filtering, ordering and paging of issues for listIssues. Candidates come from the readiness
// index for blocked/workable lists, else from every issue. In the default order (creation)
// without filters a page costs O(offset + limit), unclaimed=true included.
import {
  claimHeld,
  type IssueCount,
  type IssueQuery,
  type IssueRecord,
  type Page,
  type Priority,
} from "../../ports/graph-store.js";
import type { GraphState } from "./graph-state.js";

const PRIORITY_RANK: Record<Priority, number> = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 };

export function listIssues(state: GraphState, q: IssueQuery): Page<IssueRecord> {
  const sort = q.sort ?? "created_at";
  // Candidates are in seq order, which is created_at order while issues arrive in that order.
  const inOrder = sort === "created_at" && state.createdInOrder;
  const ids = q.readiness ? state.readiness.ordered(q.readiness) : null;
  if (inOrder && !hasFilter(q)) {
    if (ids && !q.unclaimed_at) {
      const items = ids.slice(q.offset, q.offset + q.limit).map((id) => state.issues.get(id)!);
      return { items, total: ids.length };
    }
    const records = ids ? recordsOf(state, ids) : state.issues.values();
    const total = ids ? ids.length : state.issues.size;
    if (!q.unclaimed_at) return { items: sliceIterable(records, q.offset, q.limit), total };
    const now = q.unclaimed_at;
    const free = filterIterable(records, (i) => !claimHeld(i, now));
    return { items: sliceIterable(free, q.offset, q.limit), total: total - heldAmong(state, q, now) };
  }
  const candidates = ids ? Array.from(recordsOf(state, ids)) : [...state.issues.values()];
  const matches = hasFilter(q) || q.unclaimed_at ? candidates.filter(matcher(state, q)) : candidates;
  if (!inOrder) matches.sort(comparator(state, sort));
  return { items: matches.slice(q.offset, q.offset + q.limit), total: matches.length };
}

function hasFilter(q: IssueQuery): boolean {
  return Boolean(
    q.status?.length || q.priority?.length || q.component_id || q.label || q.q || q.project !== undefined,
  );
}

/** How many of the query's candidates hold a live claim (the claimed set is small: agents). */
function heldAmong(state: GraphState, q: IssueQuery, now: string): number {
  let n = 0;
  for (const id of state.claimed) {
    if (q.readiness && state.readiness.kindOf(id) !== q.readiness) continue;
    const issue = state.issues.get(id);
    if (issue && claimHeld(issue, now)) n++;
  }
  return n;
}

function matcher(state: GraphState, q: IssueQuery): (i: IssueRecord) => boolean {
  const statuses = q.status?.length ? new Set<string>(q.status) : null;
  const priorities = q.priority?.length ? new Set<string>(q.priority) : null;
  const text = q.q?.toLowerCase();
  const label = q.label?.toLowerCase();
  const now = q.unclaimed_at;
  return (i) =>
    (!statuses || statuses.has(i.status)) &&
    (!priorities || priorities.has(i.priority)) &&
    (!q.component_id || i.component_id === q.component_id) &&
    (q.project === undefined || inProject(state, i, q.project)) &&
    (!label || i.labels.some((l) => l.toLowerCase() === label)) &&
    (!text || i.title.toLowerCase().includes(text) || i.description.toLowerCase().includes(text)) &&
    (!now || !claimHeld(i, now));
}

function inProject(state: GraphState, issue: IssueRecord, project: string): boolean {
  if (issue.component_id === null) return false;
  return state.components.get(issue.component_id)?.project === project;
}

/** Issues by component and status (the projects view). */
export function countIssues(issues: Iterable<IssueRecord>): IssueCount[] {
  const counts = new Map<string, IssueCount>();
  for (const i of issues) {
    const key = `${i.status}\u0000${i.component_id ?? ""}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { component_id: i.component_id, status: i.status, count: 1 });
  }
  return [...counts.values()];
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

function* recordsOf(state: GraphState, ids: readonly string[]): Generator<IssueRecord> {
  for (const id of ids) yield state.issues.get(id)!;
}

function* filterIterable<T>(it: Iterable<T>, keep: (v: T) => boolean): Generator<T> {
  for (const v of it) if (keep(v)) yield v;
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
