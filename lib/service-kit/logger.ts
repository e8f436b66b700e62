/**
 * pino options shared by the services: one JSON line per event, level from LOG_LEVEL, and
 * secrets (authorization headers, passwords, tokens, API keys, cookies) censored at any depth.
 * Censoring runs in formatters.log, i.e. only for lines actually written: pino's path-based
 * `redact` with wildcards cost ~6 µs per request (on every child logger) even at level warn.
 */
import type { LoggerOptions } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Keys whose values are never logged. */
const SECRET_KEY = /pass(word)?|token|secret|api[-_]?key|authorization|cookie|credential/i;
const CENSORED = "[REDACTED]";
const MAX_DEPTH = 6;
/** Query parameters whose values are never logged (`?password=`, `?access_token=`, `?key=`...). */
const SECRET_QUERY_NAME = /pass|token|secret|key|auth|cookie|credential|session|signature/i;
/** Log fields that hold a URL, whose query string is censored too. */
const URL_FIELD = /^(url|uri|href|path|location|refer+er)$/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** `url` with the values of secret-named query parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const hash = url.indexOf("#", q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const redacted = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0 || !SECRET_QUERY_NAME.test(decodedName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${CENSORED}`;
    })
    .join("&");
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? "" : url.slice(hash)}`;
}

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
      SECRET_KEY.test(key) && item !== undefined && item !== null
        ? CENSORED
        : typeof item === "string" && URL_FIELD.test(key)
          ? redactUrl(item)
          : redactSecrets(item, depth + 1);
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

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with secrets in the query string censored. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === "string" ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(env: NodeJS.ProcessEnv = process.env, name?: string): LoggerOptions {
  return {
    level: resolveLogLevel(env),
    ...(name ? { name } : {}),
    serializers: { req: serializeRequest },
    formatters: { log: (obj) => redactSecrets(obj) },
  };
}
