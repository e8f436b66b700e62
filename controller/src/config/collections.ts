// Readers for options holding several values: nested blocks, string maps and string lists.
import type { Path, ResolveContext } from "./context.js";
import { describe, isAbsent, type Raw, type StringRule, textOf } from "./fields.js";
import { isPlainMap, Unset } from "./substitute.js";

/**
 * A nested block (a YAML map). Absent or empty (`key:` with nothing after it) gives {};
 * anything else that is not a map is a problem.
 */
export function readBlock(ctx: ResolveContext, raw: Raw, key: string, path: Path, what: string): Raw {
  const value = raw[key];
  if (isAbsent(value) || value === null) return {};
  if (isPlainMap(value)) return value;
  ctx.error([...path, key], `must be ${what}, got ${describe(value)}`);
  return {};
}

export interface StringMapRule {
  /** Pattern every key must match, and what it means (for the message). */
  key?: { pattern: RegExp; expect: string };
}

/**
 * A map of name → string (headers, env, endpoints, test_tokens). Numbers and booleans are
 * written as their text, as Docker Compose does for `environment`; entries whose `${VAR}` is
 * unset without a default are dropped.
 */
export function readStringMap(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  rule: StringMapRule & StringRule = {},
): Record<string, string> {
  const block = readBlock(ctx, raw, key, path, "a map of name to string");
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(block)) {
    const at = [...path, key, name];
    if (rule.key && !rule.key.pattern.test(name)) {
      ctx.error(at, `${rule.key.expect}, got ${JSON.stringify(name)}`, "key");
      continue;
    }
    if (value instanceof Unset) continue;
    const text = typeof value === "number" || typeof value === "boolean" ? String(value) : textOf(value);
    if (text === undefined) {
      ctx.error(at, `must be a string, got ${describe(value)}`);
      continue;
    }
    const bad = rule.check?.(text);
    if (bad) ctx.error(at, `${bad}, got ${describe(value)}`);
    else define(out, name, text);
  }
  return out;
}

/** A list of strings (commands); unset `${VAR}` items are dropped. */
export function readStringList(
  ctx: ResolveContext,
  raw: Raw,
  key: string,
  path: Path,
  fallback: string[] | undefined,
): string[] | undefined {
  const value = raw[key];
  if (isAbsent(value)) return fallback;
  if (!Array.isArray(value) || value.length === 0) {
    ctx.error(
      [...path, key],
      `must be a non-empty list of strings (e.g. [npm, run, start]), got ${describe(value)}`,
    );
    return fallback;
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    if (item instanceof Unset) return;
    const text = textOf(item);
    if (text === undefined) ctx.error([...path, key, i], `must be a string, got ${describe(item)}`);
    else out.push(text);
  });
  return out;
}

/** Sets an own property even for names like `__proto__`. */
export function define<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const ENV_NAME = {
  pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
  expect: "must be an environment variable name",
};
export const HEADER_NAME = {
  pattern: /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
  expect: "must be a valid HTTP header name",
};
