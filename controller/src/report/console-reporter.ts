// The live console report: one line per module as it finishes (symbol, name, duration), the
// failure details under it, and a summary. Each event is written with a single write() call so
// lines stay whole when services run in parallel (--workers). Colour only when asked (the CLI
// asks on a TTY, never with CI=true or NO_COLOR).

import pc from "picocolors";
import { EXIT_CODES } from "../errors/index.js";
import type { ModuleResult, Reporter, RunContext, RunResult } from "../runner/index.js";
import { type Colors, formatDuration, formatFailure } from "./console-format.js";
import { snapshotPath } from "./failure-snapshot-reporter.js";
import type { Redactor } from "./redact.js";

export interface ConsoleReporterOptions {
  color: boolean;
  /** Also list modules left out by filters, and stacks of errors. */
  verbose: boolean;
  /**
   * Show the run's log lines (services starting, health, gateway); warnings show always.
   * general.verbose in e2e.conf, or --verbose. @default true
   */
  logs?: boolean;
  /** @default process.stdout */
  out?: NodeJS.WritableStream;
  /**
   * Applied to a failure's details and last exchange before they are shown: CI logs are often
   * public, and the last response of a login holds a token.
   */
  redactor?: Redactor;
  /** With reporting.screenshot_on_failure: the report directory, to name each failure's snapshot. */
  snapshotsIn?: string;
}

/** What the console needs of a ReporterContext (reporter-context.ts). */
export interface ConsoleContext {
  color: boolean;
  verbose: boolean;
  logs?: boolean;
  redactor?: Redactor;
  failureSnapshots?: boolean;
  reportDir: string;
  out?: NodeJS.WritableStream;
}

/** The console reporter of a run, as the reporter table (reporter-table.ts) builds it. */
export function consoleReporterFor(ctx: ConsoleContext): ConsoleReporter {
  return new ConsoleReporter({
    color: ctx.color,
    verbose: ctx.verbose,
    logs: ctx.logs ?? true,
    ...(ctx.redactor ? { redactor: ctx.redactor } : {}),
    ...(ctx.failureSnapshots ? { snapshotsIn: ctx.reportDir } : {}),
    ...(ctx.out ? { out: ctx.out } : {}),
  });
}

export class ConsoleReporter implements Reporter {
  private readonly c: Colors;
  private readonly out: NodeJS.WritableStream;

  constructor(private readonly options: ConsoleReporterOptions) {
    this.c = pc.createColors(options.color);
    this.out = options.out ?? process.stdout;
  }

  private write(text: string): void {
    this.out.write(`${text}\n`);
  }

  onInit(ctx: RunContext): void {
    const modules = ctx.plan.reduce((n, s) => n + s.modules.length, 0);
    const services = ctx.plan.filter((s) => s.modules.length > 0).length;
    this.write(
      this.c.bold(`e2e run ${ctx.runId}`) +
        this.c.dim(` · ${ctx.config.general.environment} · ${ctx.config.configPath}`) +
        `\n${modules} module${modules === 1 ? "" : "s"} selected in ${services} service${services === 1 ? "" : "s"}`,
    );
  }

  onLog(line: string): void {
    if (this.options.logs === false && !line.startsWith("warning:")) return;
    this.write(this.c.dim(`  · ${line}`));
  }

  onServiceStart(service: string, baseUrl: string): void {
    this.write(`${this.c.bold(service)} ${this.c.dim(baseUrl)}`);
  }

  /** When the first module started: the run's time splits there (see `timeSplit`). */
  private firstModuleAt?: number;

  onModuleStart(): void {
    this.firstModuleAt ??= Date.now();
  }

  /**
   * The run's time in two: starting the services (image builds included, from the boot's start)
   * and running the modules, so a run that built images does not pass for slow tests. Empty when
   * no module started (merge-reports, nothing selected).
   */
  private timeSplit(result: RunResult): string {
    const started = Date.parse(result.startedAt);
    const finished = Date.parse(result.finishedAt);
    if (this.firstModuleAt === undefined || Number.isNaN(started) || Number.isNaN(finished)) return "";
    const services = formatDuration(Math.max(0, this.firstModuleAt - started));
    const modules = formatDuration(Math.max(0, finished - this.firstModuleAt));
    return ` (starting services ${services}, modules ${modules})`;
  }

  onModuleResult(r: ModuleResult): void {
    const c = this.c;
    const name = `${r.service} › ${r.module}`;
    const time = c.dim(formatDuration(r.durationMs));
    switch (r.status) {
      case "passed":
        this.write(`  ${c.green("✓")} ${name}  ${time}`);
        return;
      case "flaky": {
        // The first failure is printed: a flaky module can hide a real bug (data loss looked harmless).
        const first = r.attemptLog?.find((a) => a.status !== "passed");
        const detail = first
          ? `\n${c.dim("      first failure:")}\n${formatFailure(
              this.redacted({
                ...r,
                ...(first.failure ? { failure: first.failure } : {}),
                requests: first.lastExchange ? [first.lastExchange] : [],
                attempts: 1,
              }),
              c,
              this.options.verbose,
            )}`
          : "";
        this.write(
          `  ${c.yellow("⚠")} ${name}  ${time} ${c.yellow(`flaky: passed on attempt ${r.attempts}`)}${detail}`,
        );
        return;
      }
      case "interrupted":
        this.write(`  ${c.yellow("■")} ${name}  ${time} ${c.yellow("interrupted")}`);
        return;
      case "skipped":
        if (this.options.verbose || !r.skipReason?.startsWith("filtered out")) {
          this.write(`  ${c.dim("○")} ${c.dim(name)} ${c.dim(`skipped: ${r.skipReason ?? ""}`)}`);
        }
        return;
      default: {
        const label = r.status === "failed" ? c.red("✗") : c.magenta("‼");
        const what = r.status === "failed" ? c.red("failed") : c.magenta("error");
        const snapshot = this.options.snapshotsIn
          ? `\n      ${c.dim(`snapshot: ${snapshotPath(this.options.snapshotsIn, r.service, r.module)}`)}`
          : "";
        this.write(
          `  ${label} ${name}  ${time} ${what}\n${formatFailure(this.redacted(r), c, this.options.verbose)}${snapshot}`,
        );
      }
    }
  }

  /** The parts of a failed module the console shows, with secrets redacted. */
  private redacted(r: ModuleResult): ModuleResult {
    const redactor = this.options.redactor;
    if (!redactor) return r;
    const last = r.requests.at(-1);
    return {
      ...r,
      ...(r.failure ? { failure: redactor.failure(r.failure) } : {}),
      requests: last ? [redactor.exchange(last)] : [],
    };
  }

  onRunEnd(result: RunResult): void {
    const c = this.c;
    const s = result.summary;
    const interrupted = result.exitCode === EXIT_CODES.interrupted;
    const parts = [
      c.green(`${s.passed} passed`),
      s.failed ? c.red(`${s.failed} failed`) : `${s.failed} failed`,
      s.errors ? c.magenta(`${s.errors} errors`) : `${s.errors} errors`,
      `${s.skipped} skipped`,
      s.flaky ? c.yellow(`${s.flaky} flaky`) : `${s.flaky} flaky`,
      // The modules cut short by Ctrl-C count too: without them the parts did not add up to the total.
      ...(s.interrupted ? [c.yellow(`${s.interrupted} interrupted`)] : []),
    ];
    const lines = [
      `\n${c.bold("Summary:")} ${s.total} module${s.total === 1 ? "" : "s"} · ${parts.join(" · ")} · ${formatDuration(s.durationMs)}${this.timeSplit(result)}`,
    ];
    // Only services that ran: a service left out by --service says nothing about coverage, nor
    // does a run cut short by Ctrl-C (its remaining modules would have called them).
    const uncalled = interrupted
      ? []
      : result.services.filter(
          (svc) => svc.uncalledEndpoints.length > 0 && svc.modules.some((m) => m.status !== "skipped"),
        );
    if (uncalled.length) {
      lines.push(
        c.dim(
          `Endpoints never called: ${uncalled.map((svc) => `${svc.name}: ${svc.uncalledEndpoints.join(", ")}`).join("; ")}`,
        ),
      );
    }
    const verdict =
      result.exitCode === EXIT_CODES.ok
        ? c.green("PASSED")
        : interrupted
          ? c.yellow("INTERRUPTED")
          : c.red("FAILED");
    lines.push(`${verdict} (exit ${result.exitCode})`);
    this.write(lines.join("\n"));
  }
}
