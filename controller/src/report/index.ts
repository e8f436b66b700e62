// The reporting part's public face: the reporter table, createReporters, the reporters themselves
// and the run log.

export { ConsoleReporter } from "./console-reporter.js";
export { createReporters, type ImportModule, runReporters } from "./create-reporters.js";
export { ReporterModuleError, RunLogError, UnknownReporterError } from "./errors.js";
export { FAILURES_DIR, FailureSnapshotReporter } from "./failure-snapshot-reporter.js";
export { HTML_REPORT_FILE, HtmlReporter } from "./html-reporter.js";
export { JSON_REPORT_FILE, JsonReporter } from "./json-reporter.js";
export { JUNIT_REPORT_FILE, JunitReporter } from "./junit-reporter.js";
export { REDACTED, Redactor } from "./redact.js";
export { buildReportDocument, type ReportDocument } from "./report-document.js";
export { type ReporterContext, reporterContextFor } from "./reporter-context.js";
export {
  checkReporterNames,
  isReporterPath,
  REPORT_FORMATS,
  REPORTERS,
  type ReporterFactory,
  type ReportFormat,
} from "./reporter-table.js";
export { RunLogReporter } from "./run-log-reporter.js";
