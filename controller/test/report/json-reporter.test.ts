import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import schema from "../../src/report/e2e-report.schema.json" with { type: "json" };
import { JsonReporter } from "../../src/report/json-reporter.js";
import { REDACTED, Redactor } from "../../src/report/redact.js";
import type { RunContext } from "../../src/runner/run-result.js";
import { mixedRun, SECRET_TOKEN } from "./helpers/fixtures.js";
import { validateAgainstSchema } from "./helpers/mini-schema.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-json-report-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const redactor = new Redactor({ secrets: [SECRET_TOKEN] });

async function writeReport(includePayloads: boolean, withConfig = true) {
  const reporter = new JsonReporter({ reportDir: join(dir, "reports"), includePayloads, redactor });
  if (withConfig) {
    const config = {
      services: {
        auth: {
          endpoints: {
            health: "/health",
            login: "/api/auth/login",
            user: "/api/users/{id}",
            delete_user: "/api/users/{id}",
          },
        },
        "task-graph": { endpoints: { health: "/health" } },
      },
    };
    await reporter.onInit({ config, reportDir: dir, runId: "r", plan: [] } as unknown as RunContext);
  }
  await reporter.onRunEnd(mixedRun());
  const text = await readFile(join(dir, "reports", "e2e-report.json"), "utf8");
  return { text, report: JSON.parse(text) };
}

describe("JsonReporter", () => {
  it("writes <reportDir>/e2e-report.json that satisfies the published JSON Schema", async () => {
    for (const includePayloads of [false, true]) {
      const { report } = await writeReport(includePayloads);
      expect(validateAgainstSchema(schema, report)).toEqual([]);
    }
  });

  it("the schema check itself catches a broken report", () => {
    const problems = validateAgainstSchema(schema, { schemaVersion: 1, summary: { total: -1 }, extra: 1 });
    expect(problems).toEqual(
      expect.arrayContaining([
        "$.schemaVersion: expected 2",
        '$: missing required "run"',
        '$: unexpected property "extra"',
        '$.summary: missing required "passed"',
        "$.summary.total: -1 < minimum 0",
      ]),
    );
  });

  it("holds run metadata, the summary counts and per-service, per-module results", async () => {
    const { report } = await writeReport(false);
    expect(report.schemaVersion).toBe(2);
    expect(report.run).toMatchObject({
      id: "run-20261122-0001",
      environment: "dev",
      project: { name: "Gantry", version: "1.2.3" },
      exitCode: 1,
      includePayloads: false,
    });
    expect(report.summary).toEqual({
      total: 6,
      passed: 2,
      failed: 1,
      errors: 1,
      skipped: 1,
      flaky: 1,
      durationMs: 1250,
    });
    expect(report.services.map((s: { name: string }) => s.name)).toEqual(["auth", "task-graph"]);
    expect(report.services[0].summary).toMatchObject({ total: 3, passed: 1, failed: 1, errors: 1 });
    expect(
      report.services[1].modules.map((m: { name: string; status: string }) => `${m.name}:${m.status}`),
    ).toEqual(["01_health:passed", "02_retry:flaky", "03_optional:skipped"]);
    expect(report.services[1].modules[2].skipReason).toBe("filtered out by --tag smoke");
  });

  it("lists failure details (expected, actual, file:line) for failed and errored modules", async () => {
    const { report } = await writeReport(false);
    expect(report.failures).toHaveLength(2);
    expect(report.failures[0]).toMatchObject({
      service: "auth",
      module: "02_login",
      status: "failed",
      failure: {
        name: "AssertionError",
        expected: 200,
        actual: 401,
        location: "services/auth/modules/02_login.ts:9:3",
      },
    });
    expect(report.failures[1]).toMatchObject({
      module: "03_users",
      status: "error",
      failure: { name: "TypeError" },
    });
  });

  it("reports traceability: method + path template per module, and configured endpoints never called", async () => {
    const { report } = await writeReport(false);
    const users = report.traceability.modules.find((m: { module: string }) => m.module === "03_users");
    expect(users.endpoints).toEqual([
      { method: "GET", path: "/api/users/{id}", name: "user", calls: 2 },
      { method: "GET", path: "/api/unlisted", name: null, calls: 1 },
    ]);
    expect(report.traceability.services).toEqual([
      {
        service: "auth",
        configured: 4,
        called: [
          { name: "health", path: "/health", methods: ["GET"], calls: 1, modules: ["01_health"] },
          { name: "login", path: "/api/auth/login", methods: ["POST"], calls: 1, modules: ["02_login"] },
          { name: "user", path: "/api/users/{id}", methods: ["GET"], calls: 2, modules: ["03_users"] },
          { name: null, path: "/api/unlisted", methods: ["GET"], calls: 1, modules: ["03_users"] },
        ],
        uncalled: [{ name: "delete_user", path: "/api/users/{id}" }],
      },
      {
        service: "task-graph",
        configured: 1,
        called: [
          { name: "health", path: "/health", methods: ["GET"], calls: 2, modules: ["01_health", "02_retry"] },
        ],
        uncalled: [],
      },
    ]);
  });

  it("keeps only the request timeline without include_payloads, but a failure's last exchange in full", async () => {
    const { report, text } = await writeReport(false);
    const login = report.services[0].modules[1].requests[0];
    expect(login).toEqual({
      method: "POST",
      url: "http://127.0.0.1:8765/api/auth/login",
      endpoint: { name: "login", template: "/api/auth/login" },
      status: 401,
      startedAt: "2026-11-22T00:00:00.000",
      durationMs: 4,
      attempts: 1,
      // The redacted password is an environment variable of the command, never the text [REDACTED].
      curl:
        "# Reports hold no secrets: first export E2E_PASSWORD (a secret of the body)\n" +
        'curl -i -X POST \'http://127.0.0.1:8765/api/auth/login\' -H \'content-type: application/json\' --data-raw \'{"email":"admin@example.com","password":"\'"$E2E_PASSWORD"\'"}\'',
      // The failed module's last response is kept in full, as the console shows it.
      requestHeaders: { "content-type": "application/json" },
      requestBody: { email: "admin@example.com", password: REDACTED },
      responseHeaders: { "content-type": "application/json" },
      responseBody: { error: "Invalid email or password", code: "INVALID_CREDENTIALS" },
    });
    const passing = report.services[0].modules[0].requests[0];
    expect(Object.keys(passing)).not.toContain("requestHeaders");
    expect(passing.curl).toContain(`-H 'authorization: '"$E2E_TOKEN"`);
    expect(passing.curl).toMatch(
      /^# Reports hold no secrets: first export E2E_TOKEN \(the authorization header's value\)\n/,
    );
    expect(passing.curl).not.toContain(REDACTED);
    expect(text).not.toContain("admin123");
    expect(text).not.toContain(SECRET_TOKEN);
  });

  it("includes redacted headers and bodies with include_payloads", async () => {
    const { report, text } = await writeReport(true);
    const login = report.services[0].modules[1].requests[0];
    expect(login.requestBody).toEqual({ email: "admin@example.com", password: REDACTED });
    expect(login.responseBody).toEqual({ error: "Invalid email or password", code: "INVALID_CREDENTIALS" });
    expect(report.services[0].modules[0].requests[0].requestHeaders.authorization).toBe(REDACTED);
    expect(text).not.toContain("admin123");
    expect(text).not.toContain(SECRET_TOKEN);
  });

  it("still reports uncalled endpoint names when it never saw the config", async () => {
    const { report } = await writeReport(false, false);
    expect(report.traceability.services[0].uncalled).toEqual([{ name: "delete_user", path: "" }]);
  });
});
