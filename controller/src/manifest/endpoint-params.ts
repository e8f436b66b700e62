// Adding parameters to an endpoint: a parameter named twice (path template, then a schema that
// types it) is one parameter, described by the later, more precise source.

import type { Endpoint, Field, Param } from "./types.js";

export function upsertParam(e: Endpoint, param: Param): void {
  const existing = e.params.find((p) => p.name === param.name && p.in === param.in);
  if (existing) Object.assign(existing, param);
  else e.params.push(param);
}

/** Each field of a DTO (a query object, a params object) as a parameter in `where`. */
export function addFieldParams(e: Endpoint, fields: readonly Field[], where: Param["in"]): void {
  for (const f of fields) {
    const param: Param = { name: f.name, in: where, type: f.type, required: where === "path" || f.required };
    if (Object.keys(f.constraints).length > 0) param.constraints = f.constraints;
    upsertParam(e, param);
  }
}

/** A name for a schema written inline in a route: `POST /books/{id}` → `PostBooksId`. */
export function routeName(method: string, path: string): string {
  return [method.toLowerCase(), ...path.split("/")]
    .map((w) => w.replace(/[{}]/g, ""))
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

/** The `{name}` placeholders of a path, also within a segment (`/{name}.{ext}`): required strings. */
export function placeholderParams(path: string): Param[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1]!,
    in: "path",
    type: "string",
    required: true,
  }));
}
