// Plain-text views of report data: the request timeline of a module (JUnit system-out, failure
// snapshots), from exchanges that are already redacted, and values as indented JSON.

import type { ReportExchange } from "./report-document.js";

/** The timeline text of one module's requests. */
export function formatTimeline(requests: readonly ReportExchange[]): string {
  return requests.map(formatExchange).join("\n");
}

function formatExchange(x: ReportExchange, index: number): string {
  const endpoint = x.endpoint ? `  [${x.endpoint.name} ${x.endpoint.template}]` : "";
  const lines = [`#${index + 1} ${x.startedAt} → ${x.method} ${x.url}${endpoint}`];
  if (x.requestHeaders && Object.keys(x.requestHeaders).length)
    lines.push(`  request headers: ${json(x.requestHeaders)}`);
  if (x.requestBody !== undefined) lines.push(`  request body: ${json(x.requestBody)}`);
  const attempts = x.attempts === 1 ? "1 attempt" : `${x.attempts} attempts`;
  const outcome = x.status !== undefined ? `${x.status}` : `no response: ${x.error ?? "unknown error"}`;
  lines.push(`  ← ${outcome} (${x.durationMs} ms, ${attempts})`);
  if (x.responseHeaders && Object.keys(x.responseHeaders).length)
    lines.push(`  response headers: ${json(x.responseHeaders)}`);
  if (x.responseBody !== undefined) lines.push(`  response body: ${json(x.responseBody)}`);
  return lines.join("\n");
}

function json(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A value as indented JSON (expected/actual, bodies), so "200" and 200 look different. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
