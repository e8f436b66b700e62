/**
 * pino options shared by the services: one JSON line per event, level from LOG_LEVEL, and
 * secrets (authorization headers, passwords, tokens, API keys, cookies) censored at any depth.
 * Censoring runs in formatters.log, i.e. only for lines actually written: pino's path-based
 * `redact` with wildcards cost ~6 µs per request (on every child logger) even at level warn.
 */
import type { LoggerOptions } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Keys whose values are never logged. */
export const SECRET_KEY = /pass(word)?|token|secret|api[-_]?key|authorization|cookie|credential/i;
export const CENSORED = "[REDACTED]";
const MAX_DEPTH = 6;

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` with secret-named keys censored, or `value` itself when nothing is secret.
 * Only plain objects and arrays are walked (not requests, sockets or errors).
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const r = redactSecrets(item, depth + 1);
      if (r !== item) {
        copy ??= [...value];
        copy[i] = r;
      }
    });
    return (copy ?? value) as T;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const r =
      SECRET_KEY.test(key) && item !== undefined && item !== null ? CENSORED : redactSecrets(item, depth + 1);
    if (r !== item) {
      copy ??= { ...value };
      copy[key] = r;
    }
  }
  return (copy ?? value) as T;
}

export function resolveLogLevel(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (raw === undefined || raw === "") return "info";
  if (!(LEVELS as readonly string[]).includes(raw)) {
    throw new Error(`LOG_LEVEL "${env.LOG_LEVEL}" is not a log level; use one of ${LEVELS.join(", ")}.`);
  }
  return raw;
}

export function loggerOptions(env: NodeJS.ProcessEnv = process.env, name?: string): LoggerOptions {
  return {
    level: resolveLogLevel(env),
    ...(name ? { name } : {}),
    formatters: { log: (obj) => redactSecrets(obj) },
  };
}
