// Request validation written as route middleware — `zValidator("json", CreateUser)` (Hono),
// `validate(CreateUserSchema)`, `validateQuery(ListQuery)` (Express, Koa) — names the request's
// DTO and types its query and path parameters.

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
      const base = `${e.method[0]}${e.method.slice(1).toLowerCase()}${e.path
        .split("/")
        .map((w) => w.replace(/[{}]/g, ""))
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("")}`;
      if (target === "body") {
        const name = schemas.dtoName(arg, route.file, `${base}Body`, route.line);
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
      for (const f of fields) {
        const param: Param = {
          name: f.name,
          in: target,
          type: f.type,
          required: target === "path" || f.required,
        };
        if (Object.keys(f.constraints).length > 0) param.constraints = f.constraints;
        const existing = e.params.find((p) => p.name === f.name && p.in === target);
        if (existing) Object.assign(existing, param);
        else e.params.push(param);
      }
      break;
    }
  }
}
