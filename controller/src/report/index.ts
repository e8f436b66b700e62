// The reporting part's public face: building the reporters a run names (each reporter's module is
// loaded only when named, through reporter-table.ts, so the reporter classes are not exported
// here), redaction, and merging shards' JSON reports.

export { createReporters, runReporters } from "./create-reporters.js";
export { ReporterModuleError, RunLogError, UnknownReporterError } from "./errors.js";
export { mergeDocuments } from "./merge-documents.js";
export { Redactor } from "./redact.js";
export { JSON_REPORT_FILE, type ReportDocument } from "./report-document.js";
