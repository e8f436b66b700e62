// The one table of reporters: name → a lazy loader of its factory, for every name of
// config/report-formats.ts (its type requires each); a reporter's module is imported only when a
// run names it. A name that is a path (./slack-reporter.ts) names a module of the
// user's own instead (create-reporters.ts loads it).

import { isReporterPath, REPORT_FORMATS, type ReportFormat } from "../config/index.js";
import type { Reporter } from "../runner/index.js";
import { UnknownReporterError } from "./errors.js";
import type { ReporterContext } from "./reporter-context.js";

export type ReporterFactory = (ctx: ReporterContext) => Reporter;

export const REPORTERS: Record<ReportFormat, () => Promise<ReporterFactory>> = {
  console: async (): Promise<ReporterFactory> => (await import("./console-reporter.js")).consoleReporterFor,
  json: async (): Promise<ReporterFactory> => {
    const { JsonReporter } = await import("./json-reporter.js");
    return (ctx) => new JsonReporter(ctx);
  },
  junit: async (): Promise<ReporterFactory> => {
    const { JunitReporter } = await import("./junit-reporter.js");
    return (ctx) => new JunitReporter(ctx);
  },
  html: async (): Promise<ReporterFactory> => {
    const { HtmlReporter } = await import("./html-reporter.js");
    return (ctx) => new HtmlReporter(ctx);
  },
};

export function isReportFormat(name: string): name is ReportFormat {
  return Object.hasOwn(REPORTERS, name);
}

/**
 * Distinct names in the order given: built-in names trimmed and lower-cased, paths trimmed.
 * @throws UnknownReporterError naming the valid names
 */
export function checkReporterNames(names: string[]): string[] {
  const unique = [
    ...new Set(
      names
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => (isReporterPath(name) ? name : name.toLowerCase())),
    ),
  ];
  const unknown = unique.find((name) => !isReporterPath(name) && !isReportFormat(name));
  if (unknown !== undefined) throw new UnknownReporterError(unknown, REPORT_FORMATS);
  return unique;
}
