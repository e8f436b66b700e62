// Writes <reportDir>/e2e-report.html once, at the end of the run: one self-contained page.

import { FileReporter } from "./file-reporter.js";
import { renderHtml } from "./html-render.js";
import type { ReportDocument } from "./report-document.js";

const HTML_REPORT_FILE = "e2e-report.html";

export class HtmlReporter extends FileReporter {
  protected readonly fileName = HTML_REPORT_FILE;

  protected render(document: ReportDocument): string {
    return renderHtml(document);
  }
}
