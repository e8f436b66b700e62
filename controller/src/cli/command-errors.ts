// What the commands share when they print: paths relative to the working directory, and a
// thrown error as one line and an exit code (2 for the user's to fix, 1 for anything else).

import { relative } from "node:path";
import { UsageError } from "../runner/index.js";

/** A path as the user would type it from here (the absolute path when it is the working directory). */
export const shown = (path: string): string => relative(process.cwd(), path) || path;

/** A usage or config error: a UsageError, or any error coded `E2E_…` by the controller. */
function isUsageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return err instanceof UsageError || (typeof code === "string" && code.startsWith("E2E_"));
}

/**
 * Prints `e2e COMMAND: message` to stderr and returns the exit code: 2 for a usage error (or
 * when the command says `usage`, for errors of its own kinds), else 1.
 */
export function exitCodeOf(command: string, err: unknown, usage = false): number {
  process.stderr.write(`e2e ${command}: ${(err as Error).message}\n`);
  return usage || isUsageError(err) ? 2 : 1;
}
