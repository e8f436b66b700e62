// Lookups of things the service makes itself: `GET /x/{id}` (or `GET /x/by-id?id=`) where `/x` is
// a GET list with no POST beside it (search results, a code index: nothing a client creates). A
// generated suite has no way to make one exist, so the module it writes for such a lookup asks for
// a key nobody made and expects 404, instead of a 200 it could never get.
import type { PlannedEndpoint, SuitePlan } from "./plan.js";
import { pathParams, queryParams } from "./render-page.js";

/** Where the lookup's key goes and its name; undefined when `p` is no such lookup. */
export interface LookupKey {
  in: "path" | "query";
  name: string;
}

export function lookupKey(plan: SuitePlan, p: PlannedEndpoint): LookupKey | undefined {
  const { method, path } = p.endpoint;
  if (method !== "GET") return undefined;
  const base = path.slice(0, path.lastIndexOf("/"));
  const at = (m: string) => plan.endpoints.some((e) => e.endpoint.method === m && e.endpoint.path === base);
  if (!base || !at("GET") || at("POST")) return undefined;
  const params = pathParams(p);
  const last = /\/\{([^/}]+)\}$/.exec(path)?.[1];
  if (params.length === 1 && last === params[0]?.name) return { in: "path", name: last as string };
  const id = queryParams(p).find((q) => q.required && /^(id|.+_id)$/.test(q.name));
  if (params.length === 0 && id) return { in: "query", name: id.name };
  return undefined;
}
