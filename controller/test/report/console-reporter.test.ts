import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it, vi } from "vitest";
import { useColor } from "../../src/cli/use-color.js";
import { ConsoleReporter } from "../../src/report/console-reporter.js";
import type { ModuleResult, RunResult } from "../../src/runner/run-result.js";

function capture(color: boolean, verbose = false) {
  const out = new PassThrough();
  const writes: string[] = [];
  out.on("data", (c) => writes.push(String(c)));
  return { reporter: new ConsoleReporter({ color, verbose, out }), writes, text: () => writes.join("") };
}

const failed: ModuleResult = {
  service: "auth",
  module: "02_paging",
  file: "services/auth/modules/02_paging.ts",
  tags: [],
  status: "failed",
  durationMs: 31.4,
  attempts: 1,
  failure: {
    name: "AssertionError",
    message: "Expected values to be strictly equal:\n\n3 !== 2\n",
    expected: 2,
    actual: 3,
    location: "services/auth/modules/02_paging.ts:14:3",
  },
  requests: [
    {
      method: "GET",
      url: "http://127.0.0.1:8765/api/users?page=1",
      requestHeaders: {},
      status: 200,
      responseBody: { total: 3 },
      startedAt: "2026-11-22T00:00:00.000Z",
      durationMs: 2.5,
      attempts: 1,
    },
  ],
};

function runResult(overrides: Partial<RunResult["summary"]> = {}, exitCode = 1): RunResult {
  return {
    runId: "r1",
    startedAt: "",
    finishedAt: "",
    configPath: "/x/e2e.conf",
    environment: "dev",
    project: { name: "p", version: "1" },
    services: [
      { name: "auth", baseUrl: "http://x", modules: [failed], uncalledEndpoints: ["logout", "me"] },
      { name: "graph", baseUrl: "http://y", modules: [], uncalledEndpoints: ["issues"] },
    ],
    summary: {
      total: 3,
      passed: 1,
      failed: 1,
      errors: 0,
      skipped: 1,
      flaky: 0,
      durationMs: 1234,
      ...overrides,
    },
    exitCode,
  };
}

describe("ConsoleReporter", () => {
  it("writes one whole line per passed module, with its duration, in a single write", () => {
    const c = capture(false);
    c.reporter.onModuleResult({
      ...failed,
      status: "passed",
      failure: undefined,
      module: "01_health",
      durationMs: 12,
    });
    assert.deepEqual(c.writes, ["  ✓ auth › 01_health  12 ms\n"]);
  });

  it("puts expected, actual, the module line and the last request and response under a failure, in one write", () => {
    const c = capture(false);
    c.reporter.onModuleResult(failed);
    assert.equal(c.writes.length, 1, "one write keeps the block together when services run in parallel");
    const text = c.text();
    assert.match(text, /^ {2}✗ auth › 02_paging {2}31 ms failed\n/);
    assert.match(text, /AssertionError: Expected values to be strictly equal:/);
    assert.match(text, /expected: 2\n/);
    assert.match(text, /actual: {3}3\n/);
    assert.match(text, /at services\/auth\/modules\/02_paging\.ts:14:3/);
    assert.match(text, /last request: {2}GET http:\/\/127\.0\.0\.1:8765\/api\/users\?page=1 → 200 \(3 ms\)/);
    assert.match(text, /last response: \{ total: 3 \}/);
  });

  it("hides modules left out by filters unless verbose, but always shows other skips", () => {
    const quiet = capture(false);
    quiet.reporter.onModuleResult({
      ...failed,
      status: "skipped",
      skipReason: "filtered out by --tag",
      failure: undefined,
    });
    quiet.reporter.onModuleResult({
      ...failed,
      status: "skipped",
      skipReason: "service auth unavailable: down",
    });
    assert.equal(quiet.writes.length, 1);
    assert.match(quiet.text(), /○ auth › 02_paging skipped: service auth unavailable: down/);
    const loud = capture(false, true);
    loud.reporter.onModuleResult({
      ...failed,
      status: "skipped",
      skipReason: "filtered out by --tag",
      failure: undefined,
    });
    assert.match(loud.text(), /skipped: filtered out by --tag/);
  });

  it("ends with a summary, the endpoints never called and the verdict", () => {
    const c = capture(false);
    c.reporter.onRunEnd(runResult());
    const text = c.text();
    assert.match(text, /Summary: 3 modules · 1 passed · 1 failed · 0 errors · 1 skipped · 0 flaky · 1\.23 s/);
    assert.match(
      text,
      /Endpoints never called: auth: logout, me\n/,
      "a service that did not run is not listed",
    );
    assert.match(text, /FAILED \(exit 1\)/);
  });

  it("splits the run's time into starting the services (image builds) and running the modules", () => {
    const c = capture(false);
    const t0 = Date.parse("2026-11-27T10:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(t0 + 64_700); // the services were ready (images built) 64.7 s after the start
      c.reporter.onModuleStart();
      vi.setSystemTime(t0 + 65_000);
      c.reporter.onModuleStart(); // the second module: the split is at the first
    } finally {
      vi.useRealTimers();
    }
    c.reporter.onRunEnd({
      ...runResult({ durationMs: 70_020 }),
      startedAt: new Date(t0).toISOString(),
      finishedAt: new Date(t0 + 70_020).toISOString(),
    });
    assert.match(c.text(), /· 70\.02 s \(starting services 64\.70 s, modules 5\.32 s\)\n/);
    const merged = capture(false); // no module ran here (merge-reports): no split
    merged.reporter.onRunEnd(runResult());
    assert.match(merged.text(), /· 1\.23 s\n/);
  });

  it("colours only when asked to", () => {
    const plain = capture(false);
    plain.reporter.onModuleResult(failed);
    plain.reporter.onRunEnd(runResult());
    assert.doesNotMatch(plain.text(), /\x1b\[/);
    const coloured = capture(true);
    coloured.reporter.onModuleResult(failed);
    assert.match(coloured.text(), /\x1b\[31m✗/);
  });
});

describe("useColor", () => {
  const tty = { isTTY: true } as unknown as NodeJS.WritableStream;
  const pipe = {} as NodeJS.WritableStream;

  it("colours a TTY", () => assert.equal(useColor(tty, {}), true));
  it("never colours a pipe or a file", () => assert.equal(useColor(pipe, {}), false));
  it("never colours in CI, even on a TTY", () => {
    assert.equal(useColor(tty, { CI: "true" }), false);
    assert.equal(useColor(tty, { CI: "1" }), false);
    assert.equal(useColor(tty, { CI: "false" }), true);
  });
  it("never colours with NO_COLOR set, whatever its value", () => {
    assert.equal(useColor(tty, { NO_COLOR: "" }), false);
    assert.equal(useColor(tty, { NO_COLOR: "1" }), false);
  });
});
