/**
 * Values at the limits an OpenAPI schema documents: strings of exactly maxLength, arrays of
 * exactly maxItems distinct items, numbers at their maximum, every optional property present.
 * Contract tests send them to show that what the document allows, the service accepts.
 * A text limited in user-perceived characters (`x-max-graphemes`) gets exactly that many, most of
 * them two code points long, so a service counting code points instead would refuse it.
 * Patterns are not solved: the value built is checked against the pattern (the "not blank" ones
 * always hold), and one that fails it throws, so a new kind of pattern is noticed and handled here.
 */
import { MAX_GRAPHEMES, VISIBLE_PATTERN } from "../service-kit/index.js";

// biome-ignore lint/suspicious/noExplicitAny: schemas from a served document are arbitrary JSON
type Schema = any;

// Both hold for any string with a visible ASCII character, which every value built here has.
const SUPPORTED_PATTERNS = new Set(["\\S", VISIBLE_PATTERN]);
/** One user-perceived character of two code points (e + combining acute accent). */
const TWO_CODE_POINT_CHARACTER = "e\u0301";
/** Length used for a string the document does not bound (it has no limit to reach). */
const UNBOUNDED_STRING = 64;

/** A string of exactly `length` characters starting with `seed` (a valid email for format email). */
export function stringOfLength(length: number, seed: string, format?: string): string {
  if (format === "email") {
    // local@labels.com, each label at most 63 characters, as the email format requires.
    const local = seed.replace(/[^a-z0-9]/gi, "").slice(0, 64) || "user";
    let rest = length - local.length - 1 - ".com".length;
    if (rest < 1) throw new Error(`cannot build an email of exactly ${length} characters`);
    const labels: string[] = [];
    while (rest > 63) {
      const label = Math.min(63, rest - 2);
      labels.push("d".repeat(label));
      rest -= label + 1;
    }
    labels.push("d".repeat(rest));
    return `${local}@${labels.join(".")}.com`;
  }
  if (format === "uuid") return "00000000-0000-4000-8000-000000000000";
  return (seed + "x".repeat(length)).slice(0, length);
}

/** `count` user-perceived characters: `seed` (ASCII, cut to fit), then two-code-point ones. */
function charactersOfLength(count: number, seed: string): string {
  const head = seed.slice(0, count);
  return head + TWO_CODE_POINT_CHARACTER.repeat(count - head.length);
}

/** The value at the limits of `schema`; `overrides` replace top-level properties of an object. */
export function atLimits(schema: Schema, seed: string, overrides: Record<string, unknown> = {}): unknown {
  if (schema.enum) return schema.enum[schema.enum.length - 1];
  const value = valueAtLimits(schema, seed, overrides);
  if (schema.pattern !== undefined && !SUPPORTED_PATTERNS.has(schema.pattern)) {
    if (typeof value !== "string" || !new RegExp(schema.pattern, "u").test(value)) {
      throw new Error(`at-limits: pattern ${schema.pattern} is not supported; add it to at-limits.ts`);
    }
  }
  return value;
}

function valueAtLimits(schema: Schema, seed: string, overrides: Record<string, unknown>): unknown {
  switch (schema.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        out[name] = name in overrides ? overrides[name] : atLimits(prop, `${seed}-${name}`);
      }
      return out;
    }
    case "array": {
      const count = schema.maxItems ?? Math.max(schema.minItems ?? 0, 1);
      const items = schema.items ?? {};
      if (items.enum) return items.enum.slice(0, count);
      // The index leads, so items stay distinct however short maxLength is.
      return Array.from({ length: count }, (_, i) => atLimits(items, `${i}-${seed}`));
    }
    case "string":
      if (schema[MAX_GRAPHEMES] !== undefined) return charactersOfLength(schema[MAX_GRAPHEMES], seed);
      return stringOfLength(
        schema.maxLength ?? Math.max(schema.minLength ?? 0, UNBOUNDED_STRING),
        seed,
        schema.format,
      );
    case "integer":
    case "number":
      return schema.maximum ?? schema.default ?? schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      throw new Error(`at-limits: no value for schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

/** The request body schema of an operation in a served document. */
export function requestBodySchema(doc: Schema, path: string, method: string): Schema {
  const schema = doc.paths?.[path]?.[method]?.requestBody?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON request body`);
  return schema;
}

/** A query string with every documented query parameter of an operation at its limit. */
export function queryAtLimits(
  doc: Schema,
  path: string,
  method: string,
  overrides: Record<string, string> = {},
): string {
  const params = (doc.paths?.[path]?.[method]?.parameters ?? []).filter((p: Schema) => p.in === "query");
  if (params.length === 0) throw new Error(`${method.toUpperCase()} ${path} documents no query parameter`);
  const pairs = params.map((p: Schema) => {
    const value = p.name in overrides ? overrides[p.name] : atLimits(p.schema, `${p.name}-`);
    const text = Array.isArray(value) ? value.join(",") : String(value);
    return `${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`;
  });
  return pairs.join("&");
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
}

/** Every operation of a served document. */
export function documentedOperations(doc: Schema): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {}) as [string, Schema][]) {
    for (const [method, op] of Object.entries(ops) as [string, Schema][]) {
      if (op && typeof op === "object" && "responses" in op)
        out.push({ method, path, operationId: op.operationId });
    }
  }
  return out;
}

/** A request the document allows for an operation: path parameters set to `id`, the body at its limits. */
export function allowedRequest(
  doc: Schema,
  op: DocumentedOperation,
  id: string,
  overrides: Record<string, unknown> = {},
): { url: string; body?: unknown } {
  const url = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
  const hasBody = doc.paths[op.path][op.method].requestBody !== undefined;
  return hasBody
    ? { url, body: atLimits(requestBodySchema(doc, op.path, op.method), op.operationId, overrides) }
    : { url };
}
