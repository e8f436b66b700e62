// The issue lists' query strings (filters, sort, paging) → the domain's typed IssueListing.
import type { IssueListing } from "../domain/issues.js";
import type { ListIssuesInput } from "../schemas/issue.js";
import { type Paging, pagingOf } from "./paging.js";

export function issueListingOf(q: ListIssuesInput): { listing: IssueListing; paging: Paging } {
  const paging = pagingOf(q);
  // The schema has checked every entry; a value named twice filters once.
  const status = q.status === undefined ? undefined : [...new Set(q.status)];
  const priority = q.priority === undefined ? undefined : [...new Set(q.priority)];
  const listing: IssueListing = {
    ...(status ? { status } : {}),
    ...(priority ? { priority } : {}),
    ...(q.component_id ? { component_id: q.component_id } : {}),
    ...(q.project !== undefined ? { project: q.project } : {}),
    ...(q.label ? { label: q.label } : {}),
    ...(q.q ? { q: q.q } : {}),
    sort: q.sort ?? "created_at",
    offset: paging.offset,
    limit: paging.limit,
  };
  return { listing, paging };
}
