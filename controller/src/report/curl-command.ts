// A copy-paste `curl` command that repeats a recorded request (point 12 of the daily-use issue):
// built from the redacted exchange, so a secret header or body field reads [REDACTED] and the
// reader puts their own token in.

import type { RecordedExchange } from "../http/index.js";

/** Headers curl or the HTTP client set by themselves; repeating them only adds noise. */
const IMPLICIT = new Set(["content-length", "host", "connection", "accept-encoding", "user-agent"]);

/** POSIX shell single quotes: safe for any byte but the quote itself, which is closed and escaped. */
function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `exchange` must already be redacted. A body that was not recorded is left out (said in a comment). */
export function curlCommand(exchange: RecordedExchange): string {
  const parts = ["curl", "-i", "-X", exchange.method.toUpperCase(), quote(exchange.url)];
  for (const [name, value] of Object.entries(exchange.requestHeaders ?? {})) {
    if (!IMPLICIT.has(name.toLowerCase())) parts.push("-H", quote(`${name}: ${value}`));
  }
  if (exchange.requestBody !== undefined && exchange.requestBody !== null) {
    const body =
      typeof exchange.requestBody === "string" ? exchange.requestBody : JSON.stringify(exchange.requestBody);
    parts.push("--data-raw", quote(body));
  }
  return parts.join(" ");
}
