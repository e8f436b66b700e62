/**
 * pino options shared by the services: one JSON line per event, level from LOG_LEVEL,
 * secrets (authorization headers, passwords, tokens, API keys) censored wherever they appear.
 */
import type { LoggerOptions } from "pino";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Redaction paths; pino needs explicit paths (one level of wildcard is cheap). */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  'req.headers["x-api-key"]',
  "req.headers.cookie",
  "headers.authorization",
  'headers["x-api-key"]',
  ...["password", "token", "accessToken", "apiKey", "api_key", "secret", "authorization"].flatMap((k) => [
    k,
    `*.${k}`,
    `*.*.${k}`,
  ]),
];

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
    redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" },
  };
}
