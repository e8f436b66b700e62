// Response checks for generated suites: a value against a type in the manifest's notation, with
// DTO names looked up in a table of shapes (the DTOs' fields, written by `e2e generate-tests`
// into types.ts). Every required field must be present, and every present field must have its type.

import { AssertionError } from "node:assert";
import { parseTypeText, type TypeNode } from "./type-text.js";

export interface FieldShape {
  type: string;
  required: boolean;
  nullable?: boolean;
}
/** DTO name → field name → what the field must be. */
export type Shapes = Record<string, Record<string, FieldShape>>;

const describe = (v: unknown) =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : typeof v === "string"
        ? `string ${JSON.stringify(v).slice(0, 40)}`
        : typeof v;

function matches(value: unknown, node: TypeNode, shapes: Shapes, path: string, out: string[]): boolean {
  switch (node.kind) {
    case "literal":
      return value === node.value || fail(out, path, JSON.stringify(node.value), value);
    case "union": {
      for (const m of node.members) if (matches(value, m, shapes, path, [])) return true;
      return fail(out, path, node.members.map(show).join(" | "), value);
    }
    case "array":
      if (!Array.isArray(value)) return fail(out, path, `${show(node.of)}[]`, value);
      return value.every((item, i) => matches(item, node.of, shapes, `${path}[${i}]`, out));
    case "record":
      if (!isObject(value)) return fail(out, path, "object", value);
      return Object.entries(value).every(([k, v]) => matches(v, node.of, shapes, `${path}.${k}`, out));
    case "name":
      return matchesName(value, node.name, shapes, path, out);
  }
}

function matchesName(value: unknown, name: string, shapes: Shapes, path: string, out: string[]): boolean {
  switch (name) {
    case "string":
    case "number":
    case "boolean":
      return typeof value === name || fail(out, path, name, value);
    case "integer":
      return Number.isInteger(value) || fail(out, path, name, value);
    case "null":
      return value === null || fail(out, path, name, value);
    case "object":
      return isObject(value) || fail(out, path, name, value);
  }
  const fields = shapes[name];
  if (!fields) return true; // unknown, any, or a type the manifest could not resolve: nothing to check
  if (!isObject(value)) return fail(out, path, name, value);
  let ok = true;
  for (const [field, shape] of Object.entries(fields)) {
    const v = value[field];
    const at = `${path}.${field}`;
    if (v === undefined) {
      if (shape.required) ok = fail(out, at, `${shape.type} (required)`, "missing");
    } else if (!(v === null && shape.nullable)) {
      ok = matches(v, parseTypeText(shape.type), shapes, at, out) && ok;
    }
  }
  return ok;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function show(node: TypeNode): string {
  if (node.kind === "literal") return JSON.stringify(node.value);
  if (node.kind === "name") return node.name;
  if (node.kind === "array") return `${show(node.of)}[]`;
  if (node.kind === "record") return `Record<string, ${show(node.of)}>`;
  return node.members.map(show).join(" | ");
}

function fail(out: string[], path: string, expected: string, actual: unknown): false {
  out.push(`${path}: expected ${expected}, got ${actual === "missing" ? "nothing" : describe(actual)}`);
  return false;
}

/** Every mismatch of `value` against `type` (a manifest type text), as `path: expected …, got …`. */
function shapeProblems(value: unknown, type: string, shapes: Shapes, path = "body"): string[] {
  const out: string[] = [];
  matches(value, parseTypeText(type), shapes, path, out);
  return out;
}

/** Fails (an assertion, so the module is `failed`) listing every field that is missing or mistyped. */
export function assertShape(value: unknown, type: string, shapes: Shapes, what = "response body"): void {
  const problems = shapeProblems(value, type, shapes);
  if (problems.length > 0) {
    throw new AssertionError({
      message: `${what} does not match ${type}:\n  ${problems.slice(0, 10).join("\n  ")}`,
      actual: value,
      expected: type,
      operator: "assertShape",
    });
  }
}
