// reporting.screenshot_on_failure: an API run has no screen, so the "screenshot" of a failed or
// errored module is a text snapshot of what it saw, written as the module fails:
// <report dir>/failures/<service>/<module>.txt with the failure (message, expected/actual, where)
// and every request of the module, the last one with its headers and bodies, all redacted.

import { basename, dirname, join } from "node:path";
import type { ModuleResult, Reporter, RunContext } from "../runner/index.js";
import { formatTimeline, prettyJson } from "./format-timeline.js";
import type { Redactor } from "./redact.js";
import { writeReportFile } from "./write-report-file.js";

export interface FailureSnapshotOptions {
  /** --report-dir, else reporting.log_dir (resolved); the run context's when empty. */
  reportDir: string;
  redactor: Redactor;
}

const FAILURES_DIR = "failures";

/** Where the snapshot of a module goes (the console names it under the failure). */
export function snapshotPath(reportDir: string, service: string, module: string): string {
  return join(reportDir, FAILURES_DIR, safeName(service), `${safeName(module)}.txt`);
}

export class FailureSnapshotReporter implements Reporter {
  private reportDir: string;
  private readonly writes: Promise<string>[] = [];
  /** Absolute paths of the snapshots written so far. */
  readonly written: string[] = [];

  constructor(private readonly options: FailureSnapshotOptions) {
    this.reportDir = options.reportDir;
  }

  onInit(ctx: RunContext): void {
    this.reportDir = this.options.reportDir || ctx.reportDir;
  }

  onModuleResult(r: ModuleResult): void {
    if (r.status !== "failed" && r.status !== "error") return;
    const path = snapshotPath(this.reportDir, r.service, r.module);
    const write = writeReportFile(dirname(path), basename(path), this.snapshot(r));
    this.writes.push(
      write.then((written) => {
        this.written.push(written);
        return written;
      }),
    );
  }

  async onRunEnd(): Promise<void> {
    const results = await Promise.allSettled(this.writes);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) {
      const reason = failed.reason instanceof Error ? failed.reason.message : String(failed.reason);
      throw new Error(`reporting.screenshot_on_failure: could not write a failure snapshot: ${reason}`);
    }
  }

  private snapshot(r: ModuleResult): string {
    const { redactor } = this.options;
    const lines = [
      `${r.service} › ${r.module}: ${r.status} after ${Math.round(r.durationMs)} ms`,
      `file: ${r.file}`,
    ];
    if (r.failure) {
      const f = redactor.failure(r.failure);
      lines.push("", `${f.name}: ${f.message}`);
      if ("expected" in f) lines.push(`expected: ${prettyJson(f.expected)}`);
      if ("actual" in f) lines.push(`actual:   ${prettyJson(f.actual)}`);
      if (f.location) lines.push(`at ${f.location}`);
      if (f.stack) lines.push("", f.stack);
    }
    const requests = r.requests.map((x) => redactor.exchange(x));
    lines.push("", requests.length ? `Requests (${requests.length}):` : "No requests.");
    if (requests.length) lines.push(formatTimeline(requests));
    return `${lines.join("\n")}\n`;
  }
}

/** Service and module names as file names: no path separators or dot-only names. */
function safeName(name: string): string {
  const safe = name.replace(/[^\w.-]+/g, "_");
  return /^\.*$/.test(safe) ? "_" : safe;
}
