// Request validation written as route middleware — `zValidator("json", CreateUser)` (Hono),
// `validate(CreateUserSchema)`, `validateQuery(ListQuery)` (Express, Koa) — names the request's
// DTO and types its query and path parameters.

import { addFieldParams, routeName } from "../endpoint-params.js";
import { fieldsOf } from "../json-schema.js";
import type { Endpoint, Param } from "../types.js";
import type { RouteInfo } from "./app-graph.js";
import type { JsProgram } from "./program.js";
import type { SchemaReader } from "./schema-reader.js";
import { calleeName, stringOf, type Value } from "./value.js";

const TARGETS: Record<string, Param["in"] | "body"> = {
  json: "body",
  form: "body",
  body: "body",
  query: "query",
  querystring: "query",
  param: "path",
  params: "path",
  header: "header",
  headers: "header",
};

function targetOf(call: Extract<Value, { k: "call" }>): Param["in"] | "body" {
  const first = stringOf(call.args[0]);
  if (first && TARGETS[first.toLowerCase()]) return TARGETS[first.toLowerCase()]!;
  const name = (calleeName(call.fn) ?? "").toLowerCase();
  for (const [word, target] of Object.entries(TARGETS)) if (name.endsWith(word)) return target;
  return "body";
}

export function describeValidators(
  route: RouteInfo,
  e: Endpoint,
  schemas: SchemaReader,
  _program: JsProgram,
): void {
  for (const mw of route.writtenMiddlewares) {
    if (mw.k !== "call") continue;
    const target = targetOf(mw);
    for (const arg of mw.args) {
      if (stringOf(arg) !== undefined) continue;
      if (target === "body") {
        const name = schemas.dtoName(arg, route.file, `${routeName(e.method, e.path)}Body`, route.line);
        if (name) {
          e.request = name;
          break;
        }
        continue;
      }
      const schema = schemas.read(arg, route.file);
      if (!schema) continue;
      const fields =
        typeof schema.$ref === "string" ? (schemas.dtos.get(schema.$ref)?.fields ?? []) : fieldsOf(schema);
      addFieldParams(e, fields, target);
      break;
    }
  }
}
