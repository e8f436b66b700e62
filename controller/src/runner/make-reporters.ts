// Reporter names (--reporter, else reporting.format) → reporter instances.

import { ConsoleReporter } from "../report/console-reporter.js";
import type { Reporter, RunContext } from "../report/types.js";
import { UsageError } from "./errors.js";

export const REPORTER_NAMES = ["console", "json", "junit", "html"] as const;

export interface ConsoleOptions {
  color: boolean;
  verbose: boolean;
  out: NodeJS.WritableStream;
}

export async function createRunReporters(
  names: string[],
  ctx: RunContext,
  console: ConsoleOptions,
): Promise<Reporter[]> {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  for (const n of unique) {
    if (!(REPORTER_NAMES as readonly string[]).includes(n)) {
      throw new UsageError(
        `--reporter: unknown reporter "${n}"; known reporters: ${REPORTER_NAMES.join(", ")}`,
      );
    }
  }
  void ctx;
  return unique.map((n) => {
    if (n === "console") return new ConsoleReporter(console);
    throw new UsageError(`--reporter: "${n}" is not available in this build yet`);
  });
}
