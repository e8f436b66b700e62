// What a run ends with: the counts of its modules, and its exit code, decided here from how the run
// ended (SPEC §3: 0 passed, 1 failed or nothing selected, 3 required service unavailable, 130
// interrupted), with the codes of errors/. A config or usage error is thrown before a run has an
// end: it is a UsageError, which the CLI maps to 2 like every command's errors.

import { EXIT_CODES, type ExitCode } from "../errors/index.js";
import type { ModuleResult, RunResult, RunSummary } from "./run-result.js";

/** Counts per status (flaky apart from passed); `durationMs` is the caller's: wall time or a sum. */
export function summarize(modules: readonly Pick<ModuleResult, "status">[], durationMs: number): RunSummary {
  const count = (status: ModuleResult["status"]) => modules.filter((m) => m.status === status).length;
  const interrupted = count("interrupted");
  return {
    total: modules.length,
    passed: count("passed"),
    failed: count("failed"),
    errors: count("error"),
    skipped: count("skipped"),
    flaky: count("flaky"),
    ...(interrupted ? { interrupted } : {}),
    durationMs,
  };
}

/** "3 modules · 2 passed · 1 failed · 0 errors · 0 skipped · 0 flaky[ · 1 interrupted]" */
function countsLine(s: RunSummary): string {
  const interrupted = s.interrupted ? ` · ${s.interrupted} interrupted` : "";
  return (
    `${s.total} module${s.total === 1 ? "" : "s"} · ${s.passed} passed · ${s.failed} failed · ` +
    `${s.errors} errors · ${s.skipped} skipped · ${s.flaky} flaky${interrupted}`
  );
}

/** PASSED, FAILED or INTERRUPTED, with the exit code. */
function verdictOf(exitCode: number): string {
  const word =
    exitCode === EXIT_CODES.ok ? "PASSED" : exitCode === EXIT_CODES.interrupted ? "INTERRUPTED" : "FAILED";
  return `${word} (exit ${exitCode})`;
}

/**
 * What a run prints after its reporters, whichever they are: the one-line summary when no console
 * reporter printed one, and where the reports went (paths as given: the caller makes them relative).
 */
export function runEndLines(
  result: Pick<RunResult, "summary" | "exitCode">,
  options: { console: boolean; written: string[] },
): string[] {
  const lines: string[] = [];
  if (!options.console)
    lines.push(
      `Summary: ${countsLine(result.summary)} · ${Math.round(result.summary.durationMs)} ms · ${verdictOf(result.exitCode)}`,
    );
  if (options.written.length) lines.push(`Reports: ${options.written.join(", ")}`);
  return lines;
}

/** How a run ended. */
export type RunEnd =
  | { kind: "listed"; selected: number }
  | { kind: "nothing-selected" }
  | { kind: "services-unavailable" }
  | { kind: "interrupted" }
  | { kind: "ran"; summary: RunSummary };

/**
 * The exit code of a run. Flaky counts as passed. `reportsFailed`: a green run whose report could
 * not be written must not look green to CI.
 */
export function exitCodeOf(end: RunEnd, reportsFailed = false): number {
  const code: ExitCode =
    end.kind === "listed"
      ? end.selected > 0
        ? EXIT_CODES.ok
        : EXIT_CODES.failed
      : end.kind === "nothing-selected"
        ? EXIT_CODES.failed
        : end.kind === "interrupted"
          ? EXIT_CODES.interrupted
          : end.kind === "services-unavailable"
            ? EXIT_CODES.serviceStart
            : end.summary.failed > 0 || end.summary.errors > 0
              ? EXIT_CODES.failed
              : EXIT_CODES.ok;
  return code === EXIT_CODES.ok && reportsFailed ? EXIT_CODES.failed : code;
}
