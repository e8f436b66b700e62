// JSON Schema → the manifest's words (type text, constraints, fields). Used for OpenAPI files,
// Fastify route schemas written as JSON Schema, and TypeBox (whose values are JSON Schema).

import type { Constraints, Field, TypeText } from "./types.js";

export type JsonSchema = Record<string, unknown>;

const CONSTRAINT_KEYS = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "pattern",
  "format",
  "enum",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "default",
  "nullable",
] as const;

const isSchema = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);

/** `#/components/schemas/User` → `User`. */
export const refName = (ref: string): string => ref.slice(ref.lastIndexOf("/") + 1);

const literal = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

export function typeTextOf(schema: unknown): TypeText {
  if (!isSchema(schema)) return "unknown";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  // A type text already in the manifest's notation (a DTO field re-read as a schema).
  if (typeof schema["x-manifest-type"] === "string") return schema["x-manifest-type"];
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.map(literal).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return [...new Set(options.map(typeTextOf))].join(" | ");
  }
  if (Array.isArray(schema.allOf)) return [...new Set(schema.allOf.map(typeTextOf))].join(" & ");
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => typeTextOf({ ...schema, type: t })).join(" | ");
  switch (type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
    case "null":
      return type;
    case "array": {
      const item = typeTextOf(schema.items);
      return item.includes(" ") ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      if (isSchema(schema.additionalProperties) && !isSchema(schema.properties)) {
        return `Record<string, ${typeTextOf(schema.additionalProperties)}>`;
      }
      return "object";
    default:
      return isSchema(schema.properties) ? "object" : "unknown";
  }
}

export function constraintsOf(schema: unknown): Constraints {
  const out: Constraints = {};
  if (!isSchema(schema)) return out;
  for (const key of CONSTRAINT_KEYS)
    if (schema[key] !== undefined) (out as Record<string, unknown>)[key] = schema[key];
  return out;
}

/** The fields of an object schema, in declaration order. */
export function fieldsOf(schema: unknown): Field[] {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties).map(([name, prop]) => {
    const field: Field = {
      name,
      type: typeTextOf(prop),
      required: required.has(name),
      constraints: constraintsOf(prop),
    };
    if (isSchema(prop) && typeof prop.description === "string") field.description = prop.description;
    return field;
  });
}

export const isObjectSchema = (schema: unknown): boolean =>
  isSchema(schema) && (schema.type === "object" || isSchema(schema.properties));
