// What the commands share when they print: paths relative to the working directory, and a thrown
// error as one line and its exit code. Every command ends its catch here, so the exit code of an
// error is decided once: by its kind (errors/: UsageError 2, ServiceStartError 3, InterruptedError
// 130, CommandFailedError or anything unexpected 1).

import { relative } from "node:path";
import { exitCodeOfError, isKnownError } from "../errors/index.js";

/** A path as the user would type it from here (the absolute path when it is the working directory). */
export const shown = (path: string): string => relative(process.cwd(), path) || path;

/**
 * Prints `e2e COMMAND: message` to stderr and returns the error's exit code. An error the
 * controller did not raise on purpose is a bug or a system failure: its stack is printed too,
 * unless it is a system error (a code such as ENOENT says it all).
 */
export function commandFailed(command: string, err: unknown): number {
  const error = err instanceof Error ? err : new Error(String(err));
  const systemError = typeof (error as { code?: unknown }).code === "string";
  const text =
    isKnownError(error) || systemError ? error.message : `unexpected error: ${error.stack ?? error.message}`;
  process.stderr.write(`e2e ${command}: ${text}\n`);
  return exitCodeOfError(error);
}
