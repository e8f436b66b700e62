// Writes <reportDir>/e2e-report.json once, at the end of the run (schema: e2e-report.schema.json).

import type { ResolvedConfig } from "../config/types.js";
import type { Redactor } from "./redact.js";
import { prepareLater } from "./prepare-later.js";
import { buildReportDocument, reportModuleOf } from "./report-document.js";
import type { ModuleResult, Reporter, RunContext, RunResult } from "./types.js";
import { writeReportFile } from "./write-report-file.js";

export const JSON_REPORT_FILE = "e2e-report.json";

export interface FileReporterOptions {
  reportDir: string;
  includePayloads: boolean;
  redactor: Redactor;
}

export class JsonReporter implements Reporter {
  private config: ResolvedConfig | undefined;
  private reportDir: string;
  /** Absolute path of the file written by the last onRunEnd. */
  writtenTo: string | undefined;

  constructor(private readonly options: FileReporterOptions) {
    this.reportDir = options.reportDir;
  }

  onInit(ctx: RunContext): void {
    this.config = ctx.config;
    // The directory given at construction wins; the run context is the fallback.
    this.reportDir = this.options.reportDir || ctx.reportDir;
  }

  onModuleResult(result: ModuleResult): void {
    prepareLater(() => reportModuleOf(result, this.options));
  }

  async onRunEnd(result: RunResult): Promise<void> {
    const document = buildReportDocument(result, { ...this.options, config: this.config });
    this.writtenTo = await writeReportFile(
      this.reportDir,
      JSON_REPORT_FILE,
      `${JSON.stringify(document, null, 2)}\n`,
    );
  }
}
