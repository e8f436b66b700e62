// When an issue last changed: its update, or its closing if that came later. Root-cause recency
// reads it; the search index computes it once per write (facets.ts) so an analysis over
// thousands of candidates parses no timestamps.
import type { IssueRecord } from "../../ports/graph-store.js";

export function parseTimestamp(ts: string): number {
  // Stored timestamps carry no offset but are UTC.
  return Date.parse(ts.endsWith("Z") ? ts : `${ts}Z`);
}

export function lastChangeMs(i: IssueRecord): number {
  const updated = parseTimestamp(i.updated_at);
  return i.closed_at ? Math.max(updated, parseTimestamp(i.closed_at)) : updated;
}
