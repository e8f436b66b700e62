// Every file a run writes (json, junit, html, run log) with include_payloads on: no secret survives.

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReporters, Redactor } from "../../src/report/index.js";
import type { RunContext } from "../../src/runner/run-result.js";
import { exchange, moduleResult, runResult } from "./helpers/fixtures.js";

const SECRETS = {
  testToken: "tt-7c1d2e3f4a5b",
  bearer: "gw-bearer-aa11bb22",
  apiKey: "gw-key-cc33dd44",
  dbPassword: "db-pw-ee55ff66",
  bodyPassword: "body-pw-99zz88yy",
  headerToken: "hdr-token-12ab34cd",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXZhbHVl",
};

const config = {
  rootDir: "",
  services: { auth: { endpoints: { login: "/api/auth/login" } } },
  security: { test_tokens: { admin: SECRETS.testToken } },
  api_gateway: {
    auth: {
      type: "api_key",
      bearer_token: SECRETS.bearer,
      api_key_header: "X-Gw",
      api_key_value: SECRETS.apiKey,
    },
  },
  databases: { main: { password: SECRETS.dbPassword } },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-leaks-"));
  config.rootDir = dir;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function leakyRun() {
  const login = exchange({
    method: "POST",
    url: `http://127.0.0.1:8765/api/auth/login?api_key=${SECRETS.apiKey}`,
    endpoint: { name: "login", template: "/api/auth/login" },
    requestHeaders: {
      Authorization: `Bearer ${SECRETS.testToken}`,
      "X-Gw": SECRETS.apiKey,
      "X-Custom-Token": SECRETS.headerToken,
      "Proxy-Authorization": `Basic ${SECRETS.bearer}`,
    },
    requestBody: {
      email: "admin@example.com",
      credentials: { password: SECRETS.bodyPassword },
      note: `db ${SECRETS.dbPassword}`,
    },
    responseBody: {
      token: SECRETS.jwt,
      user: { id: "1" },
      echo: `you sent ${SECRETS.testToken}`,
      raw: SECRETS.jwt,
    },
    error: undefined,
  });
  return runResult([
    {
      name: "auth",
      baseUrl: "http://127.0.0.1:8765",
      uncalledEndpoints: [],
      modules: [
        moduleResult({
          module: "01_login",
          status: "failed",
          requests: [login],
          failure: {
            name: "AssertionError",
            message: `expected ${SECRETS.testToken} to equal ${SECRETS.bearer}`,
            expected: { apiKey: SECRETS.apiKey },
            actual: SECRETS.jwt,
            stack: `AssertionError: ${SECRETS.testToken}`,
          },
        }),
      ],
    },
  ]);
}

describe("no secret leaks into any report or the run log", () => {
  it("redacts every configured secret, header, field, JWT and URL secret in json, junit, html and the log", async () => {
    const reporters = await createReporters(["json", "junit", "html"], {
      color: false,
      verbose: false,
      reportDir: join(dir, "reports"),
      includePayloads: true,
      redactor: Redactor.fromConfig(config as never),
      saveLogs: true,
      logDir: "logs",
    });
    const result = leakyRun();
    const ctx = {
      runId: result.runId,
      config,
      reportDir: join(dir, "reports"),
      plan: [],
    } as unknown as RunContext;
    for (const r of reporters) await r.onInit?.(ctx);
    for (const r of reporters)
      await r.onLog?.(`using gateway key ${SECRETS.apiKey}, Authorization: Bearer ${SECRETS.headerToken}`);
    for (const r of reporters) await r.onModuleResult?.(result.services[0]!.modules[0]!);
    for (const r of reporters) await r.onRunEnd?.(result);

    const files = [
      ...(await readdir(join(dir, "reports"))).map((f) => join(dir, "reports", f)),
      ...(await readdir(join(dir, "logs"))).map((f) => join(dir, "logs", f)),
    ];
    expect(files.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      "logs/e2e-run-20261122-0001.log",
      "reports/e2e-report.html",
      "reports/e2e-report.json",
      "reports/junit.xml",
    ]);
    for (const file of files) {
      const text = await readFile(file, "utf8");
      for (const [name, secret] of Object.entries(SECRETS)) {
        expect(text.includes(secret), `${name} leaked into ${file}`).toBe(false);
      }
      expect(text, file).toContain("[REDACTED]");
    }
    // Redaction keeps the harmless parts readable.
    const json = await readFile(join(dir, "reports", "e2e-report.json"), "utf8");
    expect(json).toContain("admin@example.com");
    expect(json).toContain("/api/auth/login");
  });
});
