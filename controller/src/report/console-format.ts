// Text pieces of the console reporter: durations, values, the failure block of a module.

import { inspect } from "node:util";
import type pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

import type { RecordedExchange } from "../http/index.js";
import type { ModuleResult } from "../runner/index.js";

export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

function formatValue(value: unknown, max = 600): string {
  const text =
    typeof value === "string" ? JSON.stringify(value) : inspect(value, { depth: 4, breakLength: 100 });
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more chars)` : text;
}

function indent(text: string, pad: string): string {
  return text
    .split("\n")
    .map((l) => pad + l)
    .join("\n");
}

function formatExchange(e: RecordedExchange, c: Colors): string[] {
  const outcome = e.status !== undefined ? String(e.status) : `no response (${e.error ?? "unknown error"})`;
  const retries = e.attempts > 1 ? `, ${e.attempts} attempts` : "";
  const lines = [
    `last request:  ${e.method} ${e.url} → ${outcome} (${formatDuration(e.durationMs)}${retries})`,
  ];
  if (e.requestBody !== undefined) lines.push(`request body:  ${formatValue(e.requestBody, 300)}`);
  if (e.responseBody !== undefined) lines.push(`last response: ${formatValue(e.responseBody, 600)}`);
  return lines.map((l) => c.dim(l));
}

/** The lines under a failed or errored module: message, expected/actual, where, last exchange. */
export function formatFailure(r: ModuleResult, c: Colors, verbose: boolean): string {
  const f = r.failure;
  const lines: string[] = [];
  if (f) {
    lines.push(c.red(`${f.name}: ${f.message}`));
    if ("expected" in f || "actual" in f) {
      lines.push(`expected: ${c.green(formatValue(f.expected))}`);
      lines.push(`actual:   ${c.red(formatValue(f.actual))}`);
    }
    if (f.location) lines.push(c.cyan(`at ${f.location}`));
    if (verbose && f.stack && f.name !== "AssertionError")
      lines.push(c.dim(f.stack.split("\n").slice(1, 8).join("\n")));
  }
  const last = r.requests.at(-1);
  if (last) lines.push(...formatExchange(last, c));
  if (r.attempts > 1) lines.push(c.dim(`attempts: ${r.attempts}`));
  return indent(lines.join("\n"), "      ");
}
