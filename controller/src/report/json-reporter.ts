// Writes <reportDir>/e2e-report.json once, at the end of the run (schema: e2e-report.schema.json).

import { FileReporter } from "./file-reporter.js";
import { JSON_REPORT_FILE, type ReportDocument } from "./report-document.js";

export class JsonReporter extends FileReporter {
  protected readonly fileName = JSON_REPORT_FILE;

  protected render(document: ReportDocument): string {
    return `${JSON.stringify(document, null, 2)}\n`;
  }
}
