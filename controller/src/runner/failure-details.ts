// Turns what a module threw into the report's FailureDetails: assertion or other error, expected
// vs actual, and the line of the scenario module where it happened.

import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { FailureDetails, ModuleStatus } from "./run-result.js";

function isAssertionError(err: unknown): boolean {
  const e = err as { name?: string; code?: string } | null;
  return !!e && (e.code === "ERR_ASSERTION" || e.name === "AssertionError");
}

/** The first stack frame inside `file`, as "<file relative to rootDir>:line:col". */
export function locationIn(stack: string | undefined, file: string, rootDir: string): string | undefined {
  if (!stack) return undefined;
  for (const line of stack.split("\n")) {
    const m = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?\s*$/.exec(line.trim());
    if (!m) continue;
    let path = m[1]!;
    if (path.startsWith("file://")) {
      try {
        path = fileURLToPath(path.split("?")[0]!);
      } catch {
        continue;
      }
    }
    if (path === file) return `${relative(rootDir, path).split("\\").join("/")}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

export function failureFrom(
  err: unknown,
  moduleFile: string,
  rootDir: string,
): { status: ModuleStatus; failure: FailureDetails } {
  const assertion = isAssertionError(err);
  const e = (err instanceof Error ? err : new Error(String(err))) as Error & {
    expected?: unknown;
    actual?: unknown;
  };
  const failure: FailureDetails = { name: e.name || "Error", message: e.message };
  if (assertion && "expected" in e) failure.expected = e.expected;
  if (assertion && "actual" in e) failure.actual = e.actual;
  const location = locationIn(e.stack, moduleFile, rootDir);
  if (location) failure.location = location;
  if (e.stack) failure.stack = e.stack;
  return { status: assertion ? "failed" : "error", failure };
}
