// Writes <reportDir>/e2e-report.html once, at the end of the run: one self-contained page.

import { FileReporter } from "./file-reporter.js";
import { renderHtml, renderModuleHtml } from "./html-render.js";
import { prepareLater } from "./prepare-later.js";
import { type ReportDocument, reportModuleOf } from "./report-document.js";
import type { ModuleResult } from "./types.js";

export const HTML_REPORT_FILE = "e2e-report.html";

export class HtmlReporter extends FileReporter {
  protected readonly fileName = HTML_REPORT_FILE;

  onModuleResult(result: ModuleResult): void {
    prepareLater(() => renderModuleHtml(reportModuleOf(result, this.options), this.options.includePayloads));
  }

  protected render(document: ReportDocument): string {
    return renderHtml(document);
  }
}
