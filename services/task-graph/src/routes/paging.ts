// `page` and `limit` of a list's query string → the offset and limit the domain takes, and the
// domain's page of results → the list envelope (SPEC "Common": default limit 20, 1-based pages).
import type { Page } from "../ports/graph-store.js";
import { type Envelope, envelope } from "../schemas/common.js";

const DEFAULT_LIMIT = 20;

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

export function pagingOf(query: { page?: number; limit?: number }): Paging {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

export function envelopeOf<T>(result: Page<T>, paging: Paging): Envelope<T> {
  return envelope(result.items, result.total, paging.page, paging.limit);
}
