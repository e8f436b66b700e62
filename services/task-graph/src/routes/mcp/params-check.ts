// A request whose params the SDK's own schema for its method refuses (tools/call with `arguments`
// a string or null, no `name`, `name` a number; initialize without `protocolVersion`...) is
// answered here, before the SDK: the SDK would answer -32603 (internal error) with zod's issue
// list as its message. JSON-RPC 2.0 says -32602 (invalid params); the message names each bad
// field, what it must be and what it was, and nothing of the schema library.

/** The part of a zod issue the message is made from. */
interface ParamsIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
}

/** A request schema of the SDK (a zod object), seen only through safeParse. */
export interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ParamsIssue[] } };
}

/** The JSON-RPC 2.0 code for a request whose params do not fit its method. */
export const INVALID_PARAMS = -32602;
/** More bad fields than this are counted, not listed, so the message stays a sentence. */
const LISTED_ISSUES = 3;

const EXPECTED: Record<string, string> = {
  record: "an object",
  object: "an object",
  array: "an array",
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
};

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return `a ${typeof value}`;
}

function valueAt(message: unknown, path: PropertyKey[]): unknown {
  let value = message;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function fieldName(path: PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

function describeIssue(message: unknown, issue: ParamsIssue): string {
  const field = `"${fieldName(issue.path)}"`;
  if (issue.code === "invalid_type") {
    const value = valueAt(message, issue.path);
    const expected = EXPECTED[issue.expected ?? ""] ?? `of type ${issue.expected}`;
    return value === undefined
      ? `${field} is required (${expected})`
      : `${field} must be ${expected}, not ${describeValue(value)}`;
  }
  // Other rules (a literal, a union): zod's own sentence for that one field, never the issue list.
  return `${field} is not valid: ${issue.message.replace(/\.$/, "")}`;
}

/**
 * The -32602 message for a request whose params its method's schema refuses, or undefined when
 * they fit or when no schema is given for the method (the SDK then answers as it does: -32601
 * for an unknown method).
 */
export function invalidParamsMessage(
  schemas: Record<string, RequestSchema>,
  message: { method: string },
): string | undefined {
  const schema = Object.hasOwn(schemas, message.method) ? schemas[message.method] : undefined;
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return undefined;
  const issues = parsed.error.issues;
  const listed = issues.slice(0, LISTED_ISSUES).map((issue) => describeIssue(message, issue));
  const more = issues.length > LISTED_ISSUES ? `; and ${issues.length - LISTED_ISSUES} more` : "";
  return `Invalid params for "${message.method}": ${listed.join("; ")}${more}.`;
}
