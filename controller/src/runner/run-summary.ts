// What a run ends with: the counts of its modules, and its exit code, decided here and nowhere
// else (SPEC §3: 0 passed, 1 failed or nothing selected, 2 config/usage, 3 required service
// unavailable; a config or usage error is thrown before a run has an end, and the CLI maps it to 2).

import type { ModuleResult, RunSummary } from "./run-result.js";

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
  const code =
    end.kind === "listed"
      ? end.selected > 0
        ? 0
        : 1
      : end.kind === "nothing-selected"
        ? 1
        : end.kind === "interrupted"
          ? 130
          : end.kind === "services-unavailable"
            ? 3
            : end.summary.failed > 0 || end.summary.errors > 0
              ? 1
              : 0;
  return code === 0 && reportsFailed ? 1 : code;
}
