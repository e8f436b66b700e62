// Inline objects inside a schema, replaced by references to DTOs named after their place: the
// manifest's fields carry a type text, and `object` would lose every field below it (issue 20:
// the generated suites then checked nothing inside nested answers).

import { isObjectSchema, type JsonSchema } from "../json-schema.js";

const isSchema = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const hasFields = (s: JsonSchema) => isSchema(s.properties) && Object.keys(s.properties).length > 0;
const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/**
 * `schema` with each inline object below it turned into `{$ref: name}` after `define(name, it)`.
 * `isOwner`: `schema` is the DTO `name` itself, so only what lies below it is named.
 */
export function nameNestedObjects(
  schema: JsonSchema,
  name: string,
  define: (name: string, schema: JsonSchema) => void,
  isOwner = false,
): JsonSchema {
  if (!isOwner && isObjectSchema(schema) && hasFields(schema) && !schema.$ref) {
    define(name, schema);
    const { type: _t, properties: _p, required: _r, additionalProperties: _a, ...rest } = schema;
    return { ...rest, $ref: name };
  }
  const out: JsonSchema = { ...schema };
  if (isSchema(schema.properties))
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, p]) => [
        k,
        isSchema(p) ? nameNestedObjects(p, `${name}${pascal(k)}`, define) : p,
      ]),
    );
  if (isSchema(schema.items)) out.items = nameNestedObjects(schema.items, `${name}Item`, define);
  if (isSchema(schema.additionalProperties))
    out.additionalProperties = nameNestedObjects(schema.additionalProperties, `${name}Value`, define);
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members))
      out[key] = members.map((m, i) =>
        isSchema(m) ? nameNestedObjects(m, members.length > 1 ? `${name}${i + 1}` : name, define) : m,
      );
  }
  return out;
}
