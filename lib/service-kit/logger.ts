/**
 * pino options shared by the services: one JSON line per event, level from LOG_LEVEL, and
 * secrets (authorization headers, passwords, tokens, API keys, cookies) censored at any depth,
 * by the names of fields and of URL parameters (lib/secret-names).
 * Censoring runs in formatters.log, i.e. only for lines actually written: pino's path-based
 * `redact` with wildcards cost ~6 µs per request (on every child logger) even at level warn.
 */
import type { LoggerOptions } from "pino";
import { isSecretName } from "../secret-names/index.js";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const CENSORED = "[REDACTED]";
const MAX_DEPTH = 6;
/** Log fields that hold a URL, whose query string is censored too. */
const URL_FIELD = /^(url|uri|href|path|location|refer+er)$/i;
/** `scheme://user:password@`: the password of a URL's userinfo. */
const USERINFO_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** `a=1&token=x;b=2` with the values of secret-named parameters censored (separators kept). */
function redactParams(params: string): string {
  return params
    .split(/([&;])/)
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0 || !isSecretName(decodedName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=${CENSORED}`;
    })
    .join("");
}

/**
 * `url` with the values of secret-named parameters censored, in the query string and in a
 * fragment written as parameters (`#access_token=...`, `#/route?token=...`), and the password of
 * its userinfo (`https://user:[REDACTED]@host`).
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const base = (hash < 0 ? url : url.slice(0, hash)).replace(USERINFO_PASSWORD, `$1:${CENSORED}@`);
  const q = base.indexOf("?");
  const redactedBase = q < 0 ? base : `${base.slice(0, q + 1)}${redactParams(base.slice(q + 1))}`;
  if (hash < 0) return redactedBase;
  const fragment = url.slice(hash + 1);
  const fq = fragment.indexOf("?");
  const redactedFragment =
    fq < 0 ? redactParams(fragment) : `${fragment.slice(0, fq + 1)}${redactParams(fragment.slice(fq + 1))}`;
  return `${redactedBase}#${redactedFragment}`;
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
      isSecretName(key) && item !== undefined && item !== null
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
