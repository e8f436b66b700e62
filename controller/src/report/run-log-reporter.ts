// Writes the run log <log_dir>/e2e-<runId>.log (reporting.save_logs): every progress line and one line
// per module result, timestamped and redacted. Appends through one async stream, so a crash mid-run
// still leaves the lines so far, and no module waits on the disk.

import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { ModuleResult, Reporter, RunContext, RunResult } from "../runner/index.js";
import { RunLogError } from "./errors.js";
import type { Redactor } from "./redact.js";

export interface RunLogOptions {
  /** reporting.log_dir; a relative path is resolved against the config's folder. */
  logDir: string;
  redactor: Redactor;
}

export class RunLogReporter implements Reporter {
  private stream: WriteStream | undefined;
  /** Lines not written yet: before the run id is known (onInit), and those of the current tick. */
  private pending: string[] = [];
  private flushScheduled = false;
  private rootDir = process.cwd();
  /** A write error is kept and reported at the end: a broken log must not crash the run midway. */
  private failure: RunLogError | undefined;
  /** Absolute path of the log file, once opened. */
  path: string | undefined;

  constructor(private readonly options: RunLogOptions) {}

  onInit(ctx: RunContext): void {
    this.rootDir = ctx.config?.rootDir ?? this.rootDir;
    this.open(ctx.runId);
  }

  onServiceStart(service: string, baseUrl: string): void {
    this.write(`service ${service} ${baseUrl}`);
  }

  onLog(line: string): void {
    this.write(line);
  }

  onModuleResult(result: ModuleResult): void {
    this.write(moduleLine(result));
  }

  async onRunEnd(result: RunResult): Promise<void> {
    if (!this.stream) this.open(result.runId);
    const s = result.summary;
    this.write(
      `run ${result.runId} finished: ${s.total} modules, ${s.passed} passed, ${s.failed} failed, ${s.errors} errors, ` +
        `${s.skipped} skipped, ${s.flaky} flaky${s.interrupted ? `, ${s.interrupted} interrupted` : ""} in ${s.durationMs} ms; exit code ${result.exitCode}`,
    );
    this.flush();
    const stream = this.stream;
    if (stream && !stream.destroyed) await new Promise<void>((done) => stream.end(done));
    if (this.failure) throw this.failure;
  }

  reportFiles(): string[] {
    return this.path && !this.failure ? [this.path] : [];
  }

  private open(runId: string): void {
    if (this.stream) return;
    const dir = isAbsolute(this.options.logDir)
      ? this.options.logDir
      : resolve(this.rootDir, this.options.logDir);
    const path = join(dir, `e2e-${safeFileName(runId)}.log`);
    this.path = path;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new RunLogError(path, error);
    }
    this.stream = createWriteStream(path, { flags: "a" });
    this.stream.on("error", (error) => {
      this.failure ??= new RunLogError(path, error);
    });
    this.flush();
  }

  private write(line: string): void {
    this.pending.push(`${new Date().toISOString()} ${this.options.redactor.text(line)}\n`);
    // Lines of one tick go out in one write (one syscall), not one write per line.
    if (this.stream && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (!this.stream || this.pending.length === 0) return;
    this.stream.write(this.pending.join(""));
    this.pending = [];
  }
}

function moduleLine(r: ModuleResult): string {
  const attempts = r.attempts > 1 ? ` after ${r.attempts} attempts` : "";
  let line = `module ${r.service}/${r.module} ${r.status.toUpperCase()} ${Math.round(r.durationMs)} ms${attempts}`;
  if (r.failure) {
    line += ` — ${r.failure.name}: ${r.failure.message.replace(/\s+/g, " ").trim()}`;
    if (r.failure.location) line += ` (${r.failure.location})`;
  }
  if (r.skipReason) line += ` — ${r.skipReason}`;
  return line;
}

/** A run id becomes part of a file name: keep it to safe characters. */
function safeFileName(runId: string): string {
  return runId.replace(/[^\w.-]/g, "_");
}
