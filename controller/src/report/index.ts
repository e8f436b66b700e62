// The reporting part's public face: reporter name → class table (vitest style) and the run log.

import { consoleReporterFor } from "./console-reporter.js";
import { FailureSnapshotReporter } from "./failure-snapshot-reporter.js";
import { HtmlReporter } from "./html-reporter.js";
import { JsonReporter } from "./json-reporter.js";
import { JunitReporter } from "./junit-reporter.js";
import type { Redactor } from "./redact.js";
import { checkReporterNames, type ReporterName } from "./reporter-names.js";
import { RunLogReporter } from "./run-log-reporter.js";
import type { Reporter } from "./types.js";

export interface ReporterContext {
  color: boolean;
  verbose: boolean;
  /** Console: show the run's log lines (general.verbose or --verbose). @default true */
  logs?: boolean;
  /** reporting.screenshot_on_failure: a text snapshot per failed module under <reportDir>/failures/. */
  failureSnapshots?: boolean;
  /** Where file reporters write (--report-dir, else reporting.log_dir). */
  reportDir: string;
  /** reporting.include_payloads: headers and bodies in the json/html/junit reports. */
  includePayloads: boolean;
  /** Redactor.fromConfig(config): applied to everything a file reporter or the run log writes. */
  redactor: Redactor;
  /** reporting.save_logs: also write <logDir>/e2e-<runId>.log. */
  saveLogs: boolean;
  /** reporting.log_dir (relative paths are resolved against the config's folder). */
  logDir: string;
  /** Console output stream. @default process.stdout */
  out?: NodeJS.WritableStream;
}

export const REPORTERS = {
  console: (ctx: ReporterContext) => consoleReporterFor(ctx),
  json: (ctx: ReporterContext) => new JsonReporter(ctx),
  junit: (ctx: ReporterContext) => new JunitReporter(ctx),
  html: (ctx: ReporterContext) => new HtmlReporter(ctx),
} satisfies Record<ReporterName, (ctx: ReporterContext) => Reporter>;

export { REPORTER_NAMES, type ReporterName } from "./reporter-names.js";

/**
 * One reporter per distinct name, in the order given, plus the run log when saveLogs is set.
 * Throws UnknownReporterError (code E2E_UNKNOWN_REPORTER) naming the valid names.
 */
export function createReporters(names: string[], ctx: ReporterContext): Reporter[] {
  const reporters: Reporter[] = checkReporterNames(names).map((name) => REPORTERS[name](ctx));
  if (ctx.failureSnapshots) {
    reporters.push(new FailureSnapshotReporter({ reportDir: ctx.reportDir, redactor: ctx.redactor }));
  }
  if (ctx.saveLogs) reporters.push(new RunLogReporter({ logDir: ctx.logDir, redactor: ctx.redactor }));
  return reporters;
}

export { ConsoleReporter } from "./console-reporter.js";
export { RunLogError, UnknownReporterError } from "./errors.js";
export { FAILURES_DIR, FailureSnapshotReporter } from "./failure-snapshot-reporter.js";
export { HTML_REPORT_FILE, HtmlReporter } from "./html-reporter.js";
export { JSON_REPORT_FILE, JsonReporter } from "./json-reporter.js";
export { JUNIT_REPORT_FILE, JunitReporter } from "./junit-reporter.js";
export { REDACTED, Redactor } from "./redact.js";
export { buildReportDocument, type ReportDocument } from "./report-document.js";
export { RunLogReporter } from "./run-log-reporter.js";
export type * from "./types.js";
