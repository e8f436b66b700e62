// Typed readers for scalar options, one option each: absent → the default, wrong → a problem (and the default,
// so resolution goes on and every problem is collected). Numbers and booleans written as YAML
// strings are rejected unless they came from ${VAR} substitution, where everything is a string.
import type { Path, ResolveContext } from "./context.js";
import { Substituted, Unset } from "./substitute.js";

export type Raw = Record<string, unknown>;

const INTEGER_TEXT = /^[-+]?\d+$/;
const BOOLEAN_TEXT: Record<string, boolean> = {
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
};

/** Absent: not written, or a `${VAR}` that is unset without an inline default. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value instanceof Unset;
}

/** The value as shown in messages: strings quoted, substituted values with their source. */
export function describe(value: unknown): string {
  if (value instanceof Substituted) return `${JSON.stringify(value.text)} (from ${value.source})`;
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  return String(value);
}

export interface IntRule {
  min: number;
  max?: number;
  /** Human expectation, e.g. "an integer from 1 to 65535". */
  expect: string;
}

export const PORT: IntRule = { min: 1, max: 65535, expect: "an integer from 1 to 65535" };
export const POSITIVE_MS: IntRule = { min: 1, expect: "a positive integer (milliseconds)" };
export const NON_NEGATIVE_MS: IntRule = { min: 0, expect: "an integer >= 0 (milliseconds)" };

export function readInt(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  fallback: number,
  rule: IntRule,
): number {
  const value = raw[key];
  if (isAbsent(value)) return fallback;
  const n = value instanceof Substituted && INTEGER_TEXT.test(value.text.trim()) ? Number(value.text) : value;
  if (
    typeof n === "number" &&
    Number.isSafeInteger(n) &&
    n >= rule.min &&
    (rule.max === undefined || n <= rule.max)
  )
    return n;
  const unquote =
    typeof value === "string" && INTEGER_TEXT.test(value.trim()) ? " (a string: remove the quotes)" : "";
  ctx.error([...path, key], `must be ${rule.expect}, got ${describe(value)}${unquote}`);
  return fallback;
}

export function readBool(ctx: ResolveContext, raw: Raw, key: string, path: Path, fallback: boolean): boolean {
  const value = raw[key];
  if (isAbsent(value)) return fallback;
  if (typeof value === "boolean") return value;
  if (value instanceof Substituted && value.text.trim() in BOOLEAN_TEXT)
    return BOOLEAN_TEXT[value.text.trim()]!;
  const unquote =
    typeof value === "string" && value.trim() in BOOLEAN_TEXT ? " (a string: remove the quotes)" : "";
  ctx.error([...path, key], `must be true or false, got ${describe(value)}${unquote}`);
  return fallback;
}

export interface StringRule {
  /** Returns a problem sentence for a bad string, or undefined when it is fine. */
  check?: (s: string) => string | undefined;
}

/** The text of a string or substituted value; undefined for any other type. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value instanceof Substituted) return value.text;
  return undefined;
}

export function readString(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  fallback: string,
  rule: StringRule = {},
): string {
  const value = raw[key];
  if (isAbsent(value)) return fallback;
  return checkedString(ctx, value, [...path, key], rule) ?? fallback;
}

/** A string option whose default is null; an explicit YAML null is accepted too. */
export function readNullableString(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  rule: StringRule = {},
): string | null {
  const value = raw[key];
  if (isAbsent(value) || value === null) return null;
  return checkedString(ctx, value, [...path, key], rule) ?? null;
}

/** The value's text when it is a string that passes the rule; else reports and gives undefined. */
function checkedString(ctx: ResolveContext, value: unknown, at: Path, rule: StringRule): string | undefined {
  const text = textOf(value);
  if (text === undefined) {
    const quote = typeof value === "number" || typeof value === "boolean" ? ` (quote it: "${value}")` : "";
    ctx.error(at, `must be a string, got ${describe(value)}${quote}`);
    return undefined;
  }
  const bad = rule.check?.(text);
  if (bad) {
    ctx.error(at, `${bad}, got ${describe(value)}`);
    return undefined;
  }
  return text;
}

export function readEnum<T extends string>(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = raw[key];
  if (isAbsent(value)) return fallback;
  const text = textOf(value);
  if (text !== undefined && (allowed as readonly string[]).includes(text)) return text as T;
  ctx.error([...path, key], `must be one of ${allowed.join(", ")}, got ${describe(value)}`);
  return fallback;
}

export const nonEmpty = (s: string): string | undefined =>
  s.trim() === "" ? "must not be empty" : undefined;

export const urlPath = (s: string): string | undefined =>
  s.startsWith("/") ? undefined : "must be a path starting with /";

export const httpUrl = (s: string): string | undefined => {
  try {
    const url = new URL(s);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.host) return undefined;
  } catch {
    // fall through to the message
  }
  return "must be an http or https URL (e.g. http://127.0.0.1:8080)";
};
