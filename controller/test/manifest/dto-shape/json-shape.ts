// The live side: a JSON Schema of the service's /docs/json (OpenAPI 3) read into a Shape.
// Ignored on purpose: description, examples, title, formats and length/number limits (point 3
// is about type, enum, required, nesting and arrays), and `additionalProperties: false` (a
// closed object has the same fields; a generated check reads only the fields it knows).

import { ANY, type Shape, union } from "./shape.js";

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const enumText = (values: unknown[]) =>
  [...new Set(values.filter((v) => v !== null).map((v) => JSON.stringify(v)))].sort();
const jsonType = (v: unknown) =>
  v === null ? "null" : Number.isInteger(v) ? "integer" : typeof v === "number" ? "number" : typeof v;

export function shapeOfJson(schema: unknown, doc: Schema, depth = 0): Shape {
  if (!isSchema(schema) || depth > 12) return ANY;
  if (typeof schema.$ref === "string") return shapeOfJson(resolveRef(schema.$ref, doc), doc, depth + 1);
  const nullable = schema.nullable === true ? [{ types: ["null"] }] : [];
  for (const key of ["anyOf", "oneOf"] as const)
    if (Array.isArray(schema[key]))
      return union([...(schema[key] as unknown[]).map((m) => shapeOfJson(m, doc, depth + 1)), ...nullable]);
  if (Array.isArray(schema.allOf))
    return merged((schema.allOf as unknown[]).map((m) => shapeOfJson(m, doc, depth + 1)));
  if ("const" in schema)
    return union([{ types: [jsonType(schema.const)], enum: enumText([schema.const]) }, ...nullable]);
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  const values = Array.isArray(schema.enum) ? schema.enum : undefined;
  const byType = (types.length > 0 ? types : values ? [...new Set(values.map(jsonType))] : []).map((type) =>
    typed(schema, type, doc, depth),
  );
  if (byType.length === 0)
    return nullable.length > 0
      ? ANY
      : isSchema(schema.properties)
        ? typed(schema, "object", doc, depth)
        : ANY;
  return union([...byType, ...nullable]);
}

function typed(schema: Schema, type: string, doc: Schema, depth: number): Shape {
  const values = Array.isArray(schema.enum)
    ? schema.enum.filter(
        (v) => v === null || jsonType(v) === type || (type === "number" && typeof v === "number"),
      )
    : undefined;
  if (type === "null") return { types: ["null"] };
  if (values) return { types: [type], enum: enumText(values) };
  if (type === "array") return { types: ["array"], items: shapeOfJson(schema.items, doc, depth + 1) };
  if (type !== "object") return { types: [type] };
  const out: Shape = { types: ["object"] };
  if (isSchema(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    out.props = Object.fromEntries(
      Object.entries(schema.properties).map(([name, p]) => [
        name,
        { shape: shapeOfJson(p, doc, depth + 1), required: required.has(name) },
      ]),
    );
  }
  if (isSchema(schema.additionalProperties) && !out.props)
    out.values = shapeOfJson(schema.additionalProperties, doc, depth + 1);
  return out;
}

/** `allOf` of objects: one object with every member's fields. */
function merged(parts: Shape[]): Shape {
  const props = Object.assign({}, ...parts.map((p) => p.props ?? {}));
  return { types: ["object"], props };
}

function resolveRef(ref: string, doc: Schema): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let at: unknown = doc;
  for (const part of ref.slice(2).split("/")) at = isSchema(at) ? at[part] : undefined;
  return at;
}
