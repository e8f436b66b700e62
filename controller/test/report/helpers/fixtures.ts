// RunResult fixtures: the reporters are tested on result objects built here, without the runner.

import type { RecordedExchange } from "../../../src/http/recorded-exchange.js";
import type { ModuleResult, RunResult, ServiceResult } from "../../../src/runner/run-result.js";
import { summarize } from "../../../src/runner/run-summary.js";

export const SECRET_TOKEN = "tok-admin-5f1c9e";

export function exchange(overrides: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    method: "GET",
    url: "http://127.0.0.1:8765/health",
    endpoint: { name: "health", template: "/health" },
    requestHeaders: { accept: "application/json", authorization: `Bearer ${SECRET_TOKEN}` },
    status: 200,
    responseHeaders: { "content-type": "application/json" },
    responseBody: { status: "ok" },
    startedAt: "2026-11-22T00:00:00.000",
    durationMs: 4,
    attempts: 1,
    ...overrides,
  };
}

export function moduleResult(overrides: Partial<ModuleResult> = {}): ModuleResult {
  const module = overrides.module ?? "01_health";
  const service = overrides.service ?? "auth";
  return {
    service,
    module,
    file: `services/${service}/modules/${module}.ts`,
    tags: [],
    status: "passed",
    durationMs: 12,
    attempts: 1,
    requests: [exchange()],
    lastResponseStatus: 200,
    ...overrides,
  };
}

export function runResult(services: ServiceResult[], overrides: Partial<RunResult> = {}): RunResult {
  const modules = services.flatMap((s) => s.modules);
  const summary = summarize(
    modules,
    modules.reduce((ms, m) => ms + m.durationMs, 0),
  );
  return {
    runId: "run-20261122-0001",
    startedAt: "2026-11-22T00:00:00.000",
    finishedAt: "2026-11-22T00:00:01.250",
    configPath: "/work/project/e2e.conf",
    environment: "dev",
    project: { name: "Gantry", version: "1.2.3" },
    services,
    summary: { ...summary, durationMs: 1250 },
    exitCode: summary.failed + summary.errors > 0 ? 1 : 0,
    ...overrides,
  };
}

/** Two services, one of each outcome, with payloads that hold secrets. */
export function mixedRun(): RunResult {
  const auth: ServiceResult = {
    name: "auth",
    baseUrl: "http://127.0.0.1:8765",
    uncalledEndpoints: ["delete_user"],
    modules: [
      moduleResult({ module: "01_health", tags: ["smoke"] }),
      moduleResult({
        module: "02_login",
        status: "failed",
        durationMs: 30,
        requests: [
          exchange({
            method: "POST",
            url: "http://127.0.0.1:8765/api/auth/login",
            endpoint: { name: "login", template: "/api/auth/login" },
            requestHeaders: { "content-type": "application/json" },
            requestBody: { email: "admin@example.com", password: "admin123" },
            status: 401,
            responseBody: { error: "Invalid email or password", code: "INVALID_CREDENTIALS" },
          }),
        ],
        lastResponseStatus: 401,
        failure: {
          name: "AssertionError",
          message: "Expected values to be strictly equal:\n\n401 !== 200\n",
          expected: 200,
          actual: 401,
          location: "services/auth/modules/02_login.ts:9:3",
          stack:
            "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal\n    at run (02_login.ts:9:3)",
        },
      }),
      moduleResult({
        module: "03_users",
        status: "error",
        requests: [
          exchange({
            url: "http://127.0.0.1:8765/api/users/42",
            endpoint: { name: "user", template: "/api/users/{id}" },
          }),
          exchange({
            url: "http://127.0.0.1:8765/api/users/43",
            endpoint: { name: "user", template: "/api/users/{id}" },
          }),
          exchange({ url: "http://127.0.0.1:8765/api/unlisted?x=1", endpoint: undefined, status: 404 }),
        ],
        failure: {
          name: "TypeError",
          message: "Cannot read properties of undefined (reading 'id')",
          stack: "TypeError: x",
        },
      }),
    ],
  };
  const graph: ServiceResult = {
    name: "task-graph",
    baseUrl: "http://127.0.0.1:8000",
    uncalledEndpoints: [],
    modules: [
      moduleResult({ service: "task-graph", module: "01_health" }),
      moduleResult({
        service: "task-graph",
        module: "02_retry",
        status: "flaky",
        attempts: 2,
        attemptLog: [
          {
            status: "failed",
            durationMs: 7,
            failure: {
              name: "AssertionError",
              message: "item lost after write",
              location: "services/task-graph/modules/02_retry.ts:6:3",
            },
            lastExchange: exchange({
              url: "http://127.0.0.1:8000/tasks/7",
              status: 404,
              responseBody: { code: "NOT_FOUND" },
            }),
          },
          {
            status: "passed",
            durationMs: 12,
            lastExchange: exchange({ url: "http://127.0.0.1:8000/tasks/7" }),
          },
        ],
      }),
      moduleResult({
        service: "task-graph",
        module: "03_optional",
        status: "skipped",
        requests: [],
        durationMs: 0,
        attempts: 0,
        skipReason: "filtered out by --tag smoke",
      }),
    ],
  };
  return runResult([auth, graph]);
}
