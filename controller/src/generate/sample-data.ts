// Realistic values for a field, from its name, type and constraints (format, length, enum,
// pattern, range), written as TypeScript expressions. Inside the generated builders `u` is a
// fresh page.testUser(), so names and emails are unique per call and per run.

import { parseTypeText, type TypeNode } from "../http/index.js";
import type { Constraints, Dto } from "../manifest/index.js";
import { key } from "./naming.js";

export interface SampleContext {
  dtos: Map<string, Dto>;
  /** Expression for a field that names another resource (component_id), when one can be made. */
  reference(field: string): string | undefined;
}

/** A sample of the test user's unique part, to check generated strings against patterns. */
const UNIQUE_SAMPLE = "e2e-0123456789ab";

const TEXT_BY_NAME: [RegExp, string][] = [
  [/^(first_?name|given)/i, "Ada"],
  [/^(last_?name|surname|family)/i, "Lovelace"],
  [/name$/i, "Ada Lovelace"],
  [/title|subject|summary/i, "Checkout fails for saved cards"],
  [
    /description|body|text|content|message|comment|note/i,
    "Steps: open checkout, pay with a saved card; the page stays blank.",
  ],
  [/failure|error/i, "AssertionError: expected 200, got 500 from POST /checkout"],
  [/query|search|^q$|term/i, "checkout payment"],
  [/project|team|org/i, "storefront"],
  [/agent|owner|assignee|user/i, "agent"],
  [/phone/i, "+15555550123"],
  [/city/i, "Lisbon"],
  [/country/i, "PT"],
  [/url|link|website/i, "https://example.test/page"],
  [/colou?r/i, "#3366ff"],
];

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const enumValues = (c: Constraints | undefined) =>
  (c?.enum ?? []).filter((v) => v !== null && v !== undefined);

function numberSample(c: Constraints, integer: boolean): string {
  if (num(c.default) !== undefined) return String(c.default);
  const min =
    num(c.minimum) ??
    (num(c.exclusiveMinimum) !== undefined ? (c.exclusiveMinimum as number) + 1 : undefined);
  const max =
    num(c.maximum) ??
    (num(c.exclusiveMaximum) !== undefined ? (c.exclusiveMaximum as number) - 1 : undefined);
  let v = min ?? Math.min(1, max ?? 1);
  if (max !== undefined && v > max) v = max;
  return String(integer ? Math.ceil(v) : v);
}

/** A string within the length limits that matches the pattern when one of the candidates can. */
function stringSample(name: string, c: Constraints): string {
  const format = typeof c.format === "string" ? c.format : "";
  if (format === "email" || /e-?mail/i.test(name)) return "u.email";
  if (/password|secret/i.test(name)) return "u.password";
  if (format === "uuid") return "crypto.randomUUID()";
  if (format === "date-time") return "new Date().toISOString()";
  if (format === "date") return "new Date().toISOString().slice(0, 10)";
  if (format === "uri" || format === "url") return '"https://example.test/page"';
  const min = num(c.minLength) ?? 0;
  const max = num(c.maxLength);
  const base = TEXT_BY_NAME.find(([re]) => re.test(name))?.[1] ?? name.replace(/_/g, " ");
  const pattern = typeof c.pattern === "string" ? safeRegExp(c.pattern) : undefined;
  const fits = (s: string) =>
    s.length >= min && (max === undefined || s.length <= max) && (!pattern || pattern.test(s));
  // A path the field describes as relative (a file inside a repository): a relative file path.
  const relative = typeof c.description === "string" && /\brelative\b/i.test(c.description);
  if (/^(path|dir|directory|folder|root)$/i.test(name) && relative && fits("src/example.ts"))
    return '"src/example.ts"';
  // A folder the service can read: the folder the suite runs from, absolute (a service may refuse
  // relative paths, as the task graph's folder policy does).
  if (/^(path|dir|directory|folder|root)$/i.test(name) && fits(".")) return "process.cwd()";
  // Unique (the user's random part appended) where the limits allow it, so two runs never collide.
  if (fits(`${base} ${UNIQUE_SAMPLE}`)) return `\`${base} \${u.username}\``;
  const slug = base.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  if (fits(`${slug}-${UNIQUE_SAMPLE}`)) return `\`${slug}-\${u.username}\``;
  if (fits(UNIQUE_SAMPLE)) return "u.username";
  for (const s of [
    base,
    base.slice(0, max),
    "alpha",
    "Alpha",
    "ALPHA",
    "alpha-1",
    "a1",
    "12345",
    "a".repeat(Math.max(min, 1)),
  ])
    if (fits(s)) return JSON.stringify(s);
  return JSON.stringify("x".repeat(Math.max(min, 1)).slice(0, max ?? undefined));
}

function safeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source, "u");
  } catch {
    return undefined;
  }
}

function sampleNode(
  name: string,
  node: TypeNode,
  c: Constraints,
  ctx: SampleContext,
  depth: number,
): string | undefined {
  switch (node.kind) {
    case "literal":
      return JSON.stringify(node.value);
    case "union": {
      const members = node.members.filter((m) => !(m.kind === "literal" && m.value === null));
      return sampleNode(name, members[0] ?? (node.members[0] as TypeNode), c, ctx, depth);
    }
    case "array": {
      const item = sampleNode(singularName(name), node.of, {}, ctx, depth);
      return item === undefined ? "[]" : `[${item}]`;
    }
    case "record":
      return "{}";
    case "name":
      return sampleName(name, node.name, c, ctx, depth);
  }
}

const singularName = (name: string) => name.replace(/s$/, "");

function sampleName(
  name: string,
  type: string,
  c: Constraints,
  ctx: SampleContext,
  depth: number,
): string | undefined {
  const values = enumValues(c);
  if (values.length > 0)
    return JSON.stringify(
      c.default !== undefined && values.includes(c.default as never) ? c.default : values[0],
    );
  const ref = ctx.reference(name);
  if (
    ref &&
    (type === "string" ||
      type === "integer" ||
      type === "number" ||
      type === "unknown" ||
      type === "undefined")
  )
    return ref;
  switch (type) {
    case "string":
      return stringSample(name, c);
    case "integer":
    case "number":
      return numberSample(c, type === "integer");
    case "boolean":
      return String(typeof c.default === "boolean" ? c.default : false);
    case "object":
      return "{}";
    case "unknown":
    case "undefined":
    case "any":
      // A body field the code reads without a schema: text when the name says so, else left out.
      return TEXT_BY_NAME.some(([re]) => re.test(name)) ? stringSample(name, c) : undefined;
  }
  const dto = ctx.dtos.get(type);
  if (!dto || depth > 3) return undefined;
  return objectSample(dto, ctx, depth + 1, false);
}

/** An optional field worth sending in a valid body: plain text, not a reference to something else. */
const plainOptional = (f: Dto["fields"][number]) =>
  f.type === "string" && f.constraints?.format === undefined && !/(_id|Id)$/.test(f.name);

/**
 * An object literal with the DTO's required fields, plus (at the top, `withPlain`) its optional
 * plain-text fields: a realistic request fills in a description, and some APIs need such a field
 * whose schema leaves it optional (a JSON-RPC `method`).
 */
export function objectSample(dto: Dto, ctx: SampleContext, depth = 0, withPlain = false): string {
  const parts: string[] = [];
  for (const f of dto.fields) {
    if (!f.required && !(withPlain && plainOptional(f))) continue;
    // The field's own words go with its rules: "relative to the repository root" is no folder.
    const rules = f.description ? { ...f.constraints, description: f.description } : f.constraints;
    const v = fieldSample(f.name, f.type, rules, ctx, depth);
    if (v !== undefined) parts.push(`${key(f.name)}: ${v}`);
  }
  return parts.length ? `{ ${parts.join(", ")} }` : "{}";
}

export function fieldSample(
  name: string,
  type: string,
  c: Constraints | undefined,
  ctx: SampleContext,
  depth = 0,
) {
  return sampleNode(name, parseTypeText(type), c ?? {}, ctx, depth);
}

/** A value of the wrong JSON type for the field (a number for a string, text for a number…). */
export function wrongTypeSample(type: string): string | undefined {
  const node = parseTypeText(type);
  const kind = node.kind === "name" ? node.name : node.kind;
  if (["unknown", "undefined", "any"].includes(kind)) return undefined;
  if (kind === "string" || kind === "literal" || kind === "union") return "12345";
  if (kind === "integer" || kind === "number") return '"not a number"';
  if (kind === "boolean") return '"not a boolean"';
  if (kind === "array") return '"not a list"';
  return '"not an object"';
}
