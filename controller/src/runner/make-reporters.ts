// Reporter names (--reporter, else reporting.format) → reporter instances, through the
// reporting part's registry (loaded only by `e2e run`).

import { resolve } from "node:path";
import type { Reporter, RunContext } from "../report/types.js";

export interface ConsoleOptions {
  color: boolean;
  verbose: boolean;
  out: NodeJS.WritableStream;
}

/** @throws UnknownReporterError (code E2E_UNKNOWN_REPORTER): a usage error, exit 2. */
export async function createRunReporters(
  names: string[],
  ctx: RunContext,
  console: ConsoleOptions,
): Promise<Reporter[]> {
  const { createReporters, Redactor } = await import("../report/index.js");
  const { config } = ctx;
  return createReporters(names, {
    ...console,
    reportDir: ctx.reportDir,
    includePayloads: config.reporting.include_payloads,
    redactor: Redactor.fromConfig(config),
    saveLogs: config.reporting.save_logs,
    logDir: resolve(config.rootDir, config.reporting.log_dir),
  });
}
