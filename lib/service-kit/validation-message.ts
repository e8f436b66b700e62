/**
 * Turns an Ajv error (as Fastify hands it over) into one human sentence naming the field.
 * A schema may carry `"x-message"` (e.g. "must not be blank") to replace the generated wording.
 */
import { TRIM_KEYWORD } from "./body-trim.js";
import { caseInsensitiveDuplicate, MAX_GRAPHEMES, UNIQUE_IGNORING_CASE } from "./schema-keywords.js";

export interface AjvLikeError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
  /** The offending value and the keyword's own value (Ajv's verbose mode). */
  data?: unknown;
  schema?: unknown;
}

export interface ValidationSummary {
  message: string;
  field: string;
  location: string;
  rule: string;
}

const LOCATION_NOUN: Record<string, string> = {
  body: "Field",
  querystring: "Query parameter",
  params: "Path parameter",
  headers: "Header",
};

const TYPE_NOUN: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "a boolean",
  object: "a JSON object",
  array: "an array",
  null: "null",
};

const FORMAT_NOUN: Record<string, string> = {
  email: "a valid email address",
  uuid: "a valid UUID",
  "date-time": "a valid ISO 8601 date-time",
  uri: "a valid URI",
};

/** "/labels/0" → "labels[0]"; "/a/b" → "a.b". */
function pathToField(instancePath: string): string {
  const parts = instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let out = "";
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === "" ? part : `.${part}`;
  }
  return out;
}

function joinField(parent: string, child: string): string {
  return parent === "" ? child : `${parent}.${child}`;
}

function describeRule(err: AjvLikeError): string {
  const p = err.params;
  switch (err.keyword) {
    case "type": {
      const types = String(p.type).split(",");
      return `must be ${types.map((t) => TYPE_NOUN[t] ?? t).join(" or ")}`;
    }
    case "format":
      return `must be ${FORMAT_NOUN[String(p.format)] ?? `in the format "${String(p.format)}"`}`;
    case "minLength":
      return `must be at least ${String(p.limit)} character${p.limit === 1 ? "" : "s"} long`;
    case "maxLength":
      return `must be at most ${String(p.limit)} characters long`;
    case "minimum":
      return `must be at least ${String(p.limit)}`;
    case "maximum":
      return `must be at most ${String(p.limit)}`;
    case "exclusiveMinimum":
      return `must be greater than ${String(p.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${String(p.limit)}`;
    case "enum":
      return `must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case "minItems":
      return `must have at least ${String(p.limit)} item${p.limit === 1 ? "" : "s"}`;
    case "maxItems":
      return `must have at most ${String(p.limit)} items`;
    case "uniqueItems":
      return "must not contain duplicate items";
    case "minProperties":
      return `must have at least ${String(p.limit)} field${p.limit === 1 ? "" : "s"}`;
    case "pattern":
      return `must match the pattern ${String(p.pattern)}`;
    case MAX_GRAPHEMES:
      return `must be at most ${String(err.schema)} characters long${err.parentSchema?.[TRIM_KEYWORD] ? " after trimming" : ""}`;
    case UNIQUE_IGNORING_CASE: {
      const pair = Array.isArray(err.data) ? caseInsensitiveDuplicate(err.data) : null;
      return `must not contain duplicate items (case-insensitive)${pair ? `: ${JSON.stringify(pair[0])} and ${JSON.stringify(pair[1])}` : ""}`;
    }
    default:
      return err.message ?? "is invalid";
  }
}

/**
 * `"x-message": "text"` replaces the wording for every rule except a wrong type;
 * `"x-message": {pattern: "text"}` replaces it for the named rules only.
 */
function customMessage(err: AjvLikeError): string | undefined {
  const x = err.parentSchema?.["x-message"];
  if (typeof x === "string") return err.keyword === "type" ? undefined : x;
  if (x && typeof x === "object") {
    const m = (x as Record<string, unknown>)[err.keyword];
    return typeof m === "string" ? m : undefined;
  }
  return undefined;
}

export function summariseValidationError(err: AjvLikeError, context: string): ValidationSummary {
  const noun = LOCATION_NOUN[context] ?? "Field";
  const base = pathToField(err.instancePath);
  const custom = customMessage(err);

  if (err.keyword === "required") {
    const field = joinField(base, String(err.params.missingProperty));
    return { message: `${noun} "${field}" is required.`, field, location: context, rule: "required" };
  }
  if (err.keyword === "additionalProperties") {
    const field = joinField(base, String(err.params.additionalProperty));
    return {
      message: `${noun} "${field}" is not allowed.`,
      field,
      location: context,
      rule: "additionalProperties",
    };
  }
  if (base === "") {
    // The whole part is wrong, e.g. a body that is an array or missing entirely.
    const what = context === "body" ? "The request body" : `The ${context}`;
    const rule = typeof custom === "string" ? custom : describeRule(err);
    return { message: `${what} ${rule}.`, field: "", location: context, rule: err.keyword };
  }
  const rule = typeof custom === "string" ? custom : describeRule(err);
  const entry = /^(.*)\[(\d+)\]$/.exec(base);
  if (context === "querystring" && entry) {
    // A comma-list parameter: name the parameter and quote the entry the client wrote.
    const field = entry[1]!;
    return {
      message: `${noun} "${field}" has the entry ${JSON.stringify(err.data)}, which ${rule}.`,
      field,
      location: context,
      rule: err.keyword,
    };
  }
  return { message: `${noun} "${base}" ${rule}.`, field: base, location: context, rule: err.keyword };
}
