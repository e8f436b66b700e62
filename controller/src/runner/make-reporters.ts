// Reporter names (--reporter, else reporting.format) → reporter instances. Each reporter's module
// is imported only when it is asked for: the same table as the reporting part's REPORTERS
// (report/index.ts), one import per name.

import { resolve } from "node:path";
import type { ReporterContext } from "../report/index.js";
import { Redactor } from "../report/redact.js";
import type { ReporterName } from "../report/reporter-names.js";
import type { Reporter, RunContext } from "../report/types.js";

export interface ConsoleOptions {
  color: boolean;
  verbose: boolean;
  out: NodeJS.WritableStream;
}

const LOADERS: Record<ReporterName, (ctx: ReporterContext) => Promise<Reporter>> = {
  console: async (ctx) => (await import("../report/console-reporter.js")).consoleReporterFor(ctx),
  json: async (ctx) => new (await import("../report/json-reporter.js")).JsonReporter(ctx),
  junit: async (ctx) => new (await import("../report/junit-reporter.js")).JunitReporter(ctx),
  html: async (ctx) => new (await import("../report/html-reporter.js")).HtmlReporter(ctx),
};

/** `names` as checked by checkReporterNames (report/reporter-names.ts), in order. */
export async function createRunReporters(
  names: ReporterName[],
  ctx: RunContext,
  console: ConsoleOptions,
): Promise<Reporter[]> {
  const { config } = ctx;
  const context: ReporterContext = {
    ...console,
    // general.verbose (default true) shows the run's log lines; --verbose shows them whatever it says.
    logs: config.general.verbose || console.verbose,
    failureSnapshots: config.reporting.screenshot_on_failure,
    reportDir: ctx.reportDir,
    includePayloads: config.reporting.include_payloads,
    redactor: Redactor.fromConfig(config),
    saveLogs: config.reporting.save_logs,
    logDir: resolve(config.rootDir, config.reporting.log_dir),
  };
  const reporters = await Promise.all(names.map((name) => LOADERS[name](context)));
  if (context.failureSnapshots) {
    const { FailureSnapshotReporter } = await import("../report/failure-snapshot-reporter.js");
    reporters.push(new FailureSnapshotReporter({ reportDir: ctx.reportDir, redactor: context.redactor }));
  }
  if (context.saveLogs) {
    const { RunLogReporter } = await import("../report/run-log-reporter.js");
    reporters.push(new RunLogReporter({ logDir: context.logDir, redactor: context.redactor }));
  }
  return reporters;
}
