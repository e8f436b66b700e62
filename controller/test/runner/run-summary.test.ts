import { describe, expect, it } from "vitest";
import { exitCodeOf, summarize } from "../../src/runner/run-summary.js";

describe("exitCodeOf: the exit code of every way a run can end", () => {
  const ran = (statuses: ("passed" | "failed" | "error" | "skipped" | "flaky")[]) => ({
    kind: "ran" as const,
    summary: summarize(
      statuses.map((status) => ({ status })),
      0,
    ),
  });

  it("is 0 when every module passed, flaky counting as passed and skipped ones aside", () => {
    expect(exitCodeOf(ran(["passed", "flaky", "skipped"]))).toBe(0);
  });

  it("is 1 when a module failed or errored", () => {
    expect(exitCodeOf(ran(["passed", "failed"]))).toBe(1);
    expect(exitCodeOf(ran(["error"]))).toBe(1);
  });

  it("is 1 when nothing was selected, and for a list only when it is empty", () => {
    expect(exitCodeOf({ kind: "nothing-selected" })).toBe(1);
    expect(exitCodeOf({ kind: "listed", selected: 3 })).toBe(0);
    expect(exitCodeOf({ kind: "listed", selected: 0 })).toBe(1);
  });

  it("is 3 when a required service was unavailable", () => {
    expect(exitCodeOf({ kind: "services-unavailable" })).toBe(3);
  });

  it("turns a green run into 1 when a report could not be written, and leaves other codes", () => {
    expect(exitCodeOf(ran(["passed"]), true)).toBe(1);
    expect(exitCodeOf({ kind: "services-unavailable" }, true)).toBe(3);
  });
});

describe("summarize", () => {
  it("counts each status apart and keeps the duration it is given", () => {
    expect(summarize([{ status: "passed" }, { status: "flaky" }, { status: "error" }], 42)).toEqual({
      total: 3,
      passed: 1,
      failed: 0,
      errors: 1,
      skipped: 0,
      flaky: 1,
      durationMs: 42,
    });
  });
});
