// Writes <reportDir>/e2e-report.json once, at the end of the run (schema: e2e-report.schema.json).

import { FileReporter } from "./file-reporter.js";
import { prepareLater } from "./prepare-later.js";
import { type ReportDocument, reportModuleOf } from "./report-document.js";
import type { ModuleResult } from "./types.js";

export const JSON_REPORT_FILE = "e2e-report.json";

export type { FileReporterOptions } from "./file-reporter.js";

export class JsonReporter extends FileReporter {
  protected readonly fileName = JSON_REPORT_FILE;

  onModuleResult(result: ModuleResult): void {
    prepareLater(() => reportModuleOf(result, this.options));
  }

  protected render(document: ReportDocument): string {
    return `${JSON.stringify(document, null, 2)}\n`;
  }
}
