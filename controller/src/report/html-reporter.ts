// Writes <reportDir>/e2e-report.html once, at the end of the run: one self-contained page.

import type { ResolvedConfig } from "../config/types.js";
import { renderHtml, renderModuleHtml } from "./html-render.js";
import type { FileReporterOptions } from "./json-reporter.js";
import { prepareLater } from "./prepare-later.js";
import { buildReportDocument, reportModuleOf } from "./report-document.js";
import type { ModuleResult, Reporter, RunContext, RunResult } from "./types.js";
import { writeReportFile } from "./write-report-file.js";

export const HTML_REPORT_FILE = "e2e-report.html";

export class HtmlReporter implements Reporter {
  private config: ResolvedConfig | undefined;
  private reportDir: string;
  writtenTo: string | undefined;

  constructor(private readonly options: FileReporterOptions) {
    this.reportDir = options.reportDir;
  }

  onInit(ctx: RunContext): void {
    this.config = ctx.config;
    this.reportDir = this.options.reportDir || ctx.reportDir;
  }

  onModuleResult(result: ModuleResult): void {
    prepareLater(() => renderModuleHtml(reportModuleOf(result, this.options), this.options.includePayloads));
  }

  async onRunEnd(result: RunResult): Promise<void> {
    const document = buildReportDocument(result, { ...this.options, config: this.config });
    this.writtenTo = await writeReportFile(this.reportDir, HTML_REPORT_FILE, renderHtml(document));
  }
}
