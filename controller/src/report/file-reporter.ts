// What the json, junit and html reporters share: where to write (the directory given at
// construction, else the run context's), the run's config, and one file written at the end of the
// run from the report document. Subclasses name the file and render the document.

import type { ResolvedConfig } from "../config/index.js";
import type { Reporter, RunContext, RunResult } from "../runner/index.js";
import type { Redactor } from "./redact.js";
import { buildReportDocument, type ReportDocument } from "./report-document.js";
import { writeReportFile } from "./write-report-file.js";

export interface FileReporterOptions {
  reportDir: string;
  includePayloads: boolean;
  redactor: Redactor;
}

export abstract class FileReporter implements Reporter {
  private config: ResolvedConfig | undefined;
  private reportDir: string;
  /** Absolute path of the file written by the last onRunEnd. */
  writtenTo: string | undefined;

  /** The file's name inside the report directory. */
  protected abstract readonly fileName: string;

  constructor(protected readonly options: FileReporterOptions) {
    this.reportDir = options.reportDir;
  }

  onInit(ctx: RunContext): void {
    this.config = ctx.config;
    // The directory given at construction wins; the run context is the fallback.
    this.reportDir = this.options.reportDir || ctx.reportDir;
  }

  async onRunEnd(result: RunResult): Promise<void> {
    const document = buildReportDocument(result, { ...this.options, config: this.config });
    this.writtenTo = await writeReportFile(this.reportDir, this.fileName, this.render(document));
  }

  reportFiles(): string[] {
    return this.writtenTo ? [this.writtenTo] : [];
  }

  /** The file's whole content. */
  protected abstract render(document: ReportDocument): string;
}
