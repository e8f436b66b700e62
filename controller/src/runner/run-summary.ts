import type { ModuleResult, RunSummary, ServiceResult } from "../report/types.js";

export function summarize(services: ServiceResult[], durationMs: number): RunSummary {
  const all: ModuleResult[] = services.flatMap((s) => s.modules);
  const count = (status: ModuleResult["status"]) => all.filter((m) => m.status === status).length;
  return {
    total: all.length,
    passed: count("passed"),
    failed: count("failed"),
    errors: count("error"),
    skipped: count("skipped"),
    flaky: count("flaky"),
    durationMs,
  };
}

/** 0 when every selected module passed (flaky counts as passed), else 1. */
export function exitCodeOf(summary: RunSummary): number {
  return summary.failed > 0 || summary.errors > 0 ? 1 : 0;
}
