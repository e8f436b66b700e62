// reporting.screenshot_on_failure: one redacted text snapshot per failed or errored module.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FailureSnapshotReporter, snapshotPath } from "../../src/report/failure-snapshot-reporter.js";
import { REDACTED, Redactor } from "../../src/report/redact.js";
import { exchange, moduleResult, SECRET_TOKEN } from "./helpers/fixtures.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function reporter() {
  const dir = mkdtempSync(join(tmpdir(), "gantry-snapshots-"));
  dirs.push(dir);
  return {
    dir,
    reporter: new FailureSnapshotReporter({
      reportDir: dir,
      redactor: new Redactor({ secrets: [SECRET_TOKEN] }),
    }),
  };
}

describe("FailureSnapshotReporter", () => {
  it("writes the failure and the requests, the last one with headers and bodies, redacted", async () => {
    const { dir, reporter: r } = reporter();
    r.onModuleResult(
      moduleResult({
        module: "02_login",
        status: "failed",
        failure: {
          name: "AssertionError",
          message: "Expected values to be strictly equal",
          expected: 200,
          actual: 401,
          location: "services/auth/modules/02_login.ts:9:10",
        },
        requests: [
          exchange({ url: "http://127.0.0.1:8765/health", responseBody: undefined }),
          exchange({
            method: "POST",
            url: "http://127.0.0.1:8765/api/auth/login",
            requestBody: { email: "a@example.test", password: "hunter22" },
            status: 401,
            responseBody: { error: "bad", token: SECRET_TOKEN },
          }),
        ],
      }),
    );
    await r.onRunEnd();
    const path = snapshotPath(dir, "auth", "02_login");
    expect(path).toBe(join(dir, "failures/auth/02_login.txt"));
    expect(r.written).toEqual([path]);
    const text = readFileSync(path, "utf8");
    expect(text).toContain("auth › 02_login: failed after 12 ms");
    expect(text).toContain("AssertionError: Expected values to be strictly equal");
    expect(text).toMatch(/expected: 200\nactual: {3}401\nat services\/auth\/modules\/02_login\.ts:9:10/);
    expect(text).toContain("#2 2026-11-22T00:00:00.000 → POST http://127.0.0.1:8765/api/auth/login");
    expect(text).toContain(`request body: {"email":"a@example.test","password":"${REDACTED}"}`);
    expect(text).toContain(`response body: {"error":"bad","token":"${REDACTED}"}`);
    expect(text).not.toContain(SECRET_TOKEN);
    expect(text).not.toContain("hunter22");
  });

  it("writes nothing for modules that passed, were skipped or were flaky", async () => {
    const { dir, reporter: r } = reporter();
    for (const status of ["passed", "skipped", "flaky"] as const) r.onModuleResult(moduleResult({ status }));
    await r.onRunEnd();
    expect(existsSync(join(dir, "failures"))).toBe(false);
  });

  it("keeps names that are not safe file names inside its folder", () => {
    expect(snapshotPath("/r", "../up", "a/b")).toBe("/r/failures/.._up/a_b.txt");
    expect(snapshotPath("/r", "..", "x")).toBe("/r/failures/_/x.txt");
  });
});
