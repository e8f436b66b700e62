// Parameters a handler reads from its request object when no schema declares them:
// `req.query.page`, `const { name } = req.body`, `req.get("x-api-key")` (Express, Fastify),
// `ctx.request.body.title` (Koa), `c.req.query("q")` (Hono).

import { upsertParam } from "../endpoint-params.js";
import type { Endpoint, Param } from "../types.js";
import type { JsProgram } from "./program.js";
import type { Value } from "./value.js";

/** Read path (after the parameter) → where the value comes from; the name follows the path. */
export type ReadTable = Record<string, Param["in"]>;

export const REQUEST_READS: ReadTable = {
  query: "query",
  body: "body",
  params: "path",
  headers: "header",
  "get()": "header",
  "header()": "header",
};

export const KOA_READS: ReadTable = {
  query: "query",
  "request.query": "query",
  "request.body": "body",
  params: "path",
  headers: "header",
  "request.headers": "header",
  "get()": "header",
  "request.get()": "header",
};

export const HONO_READS: ReadTable = {
  "req.query()": "query",
  "req.param()": "path",
  "req.header()": "header",
};

/** Adds what the handler reads of its first parameter; a parameter already described is kept. */
export function addHandlerReads(
  e: Endpoint,
  handler: Value | undefined,
  table: ReadTable,
  program: JsProgram,
): void {
  if (handler?.k !== "fn") return;
  for (const [index, ...path] of program.fn(handler.id)?.reads ?? []) {
    if (index !== 0) continue;
    for (let cut = path.length - 1; cut >= 1; cut--) {
      const where = table[path.slice(0, cut).join(".")];
      if (!where) continue;
      const name = where === "header" ? path[cut]!.toLowerCase() : path[cut]!;
      // A body with a DTO is described by the DTO; a parameter already described stays as it is.
      if ((where === "body" && e.request) || e.params.some((p) => p.name === name && p.in === where)) break;
      upsertParam(e, {
        name,
        in: where,
        type: where === "body" ? "unknown" : "string",
        required: where === "path",
      });
      break;
    }
  }
}
