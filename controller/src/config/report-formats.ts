// The names reporting.format and --reporter accept. The config validates against them; report/'s
// reporter table maps each to its reporter (its type makes it name every one of them), so the
// config never loads a reporter.

export const REPORT_FORMATS = ["console", "json", "junit", "html"] as const;

export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A reporter module of the user's own: a relative or absolute path, or a file with a JS/TS extension. */
export function isReporterPath(name: string): boolean {
  return /^\.{0,2}[\\/]/.test(name) || /\.[cm]?[jt]s$/.test(name);
}
