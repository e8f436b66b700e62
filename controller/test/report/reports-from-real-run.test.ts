// The reports of a real `e2e run` of this repository's auth suite (real CLI, real service), read back
// the way a user or CI would.

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import schema from "../../src/report/e2e-report.schema.json" with { type: "json" };
import { validateAgainstSchema } from "./helpers/mini-schema.js";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
let dir: string;
let run: { code: number; stdout: string; stderr: string };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-real-run-"));
  // From source (not dist/, which may be stale), as `npx e2e run` would.
  run = await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "controller/src/cli.ts",
      "run",
      "-c",
      "e2e.conf",
      "--service",
      "auth",
      "--reporter",
      "json,junit,html",
      "--report-dir",
      dir,
    ],
    // Where a Docker engine runs (CI), the run builds the auth image first: 80-90 s on a quiet
    // 2-core machine, more beside other work.
    { cwd: root, env: { ...process.env, CI: "true", NO_COLOR: "1" }, timeout: 300_000 },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof error.code === "number" ? error.code : -1,
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }),
  );
}, 320_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("reports of a real e2e run (auth suite)", () => {
  it("writes a schema-valid e2e-report.json whose summary matches the run", async () => {
    expect(run.code, run.stderr || run.stdout).toBe(0);
    const report = JSON.parse(await readFile(join(dir, "e2e-report.json"), "utf8"));
    expect(validateAgainstSchema(schema, report)).toEqual([]);
    expect(report.summary).toMatchObject({ failed: 0, errors: 0 });
    expect(report.summary.passed).toBeGreaterThan(0);
    const auth = report.services.find((svc: { name: string }) => svc.name === "auth");
    expect(auth.modules.map((m: { status: string }) => m.status)).toEqual(auth.modules.map(() => "passed"));
    // Services left out by --service are reported, their modules skipped with the reason.
    for (const other of report.services.filter((svc: { name: string }) => svc.name !== "auth")) {
      for (const m of other.modules)
        expect(m).toMatchObject({ status: "skipped", skipReason: expect.stringContaining("--service") });
    }
    const counted = report.services.reduce(
      (n: number, svc: { modules: unknown[] }) => n + svc.modules.length,
      0,
    );
    expect(counted).toBe(report.summary.total);
    expect(report.run.exitCode).toBe(0);
  });

  it("traces which configured endpoints the modules called, by method and path template", async () => {
    const report = JSON.parse(await readFile(join(dir, "e2e-report.json"), "utf8"));
    const health = report.traceability.modules.find((m: { module: string }) => m.module === "01_health");
    expect(health.endpoints).toContainEqual({
      method: "GET",
      path: "/health",
      name: "health",
      calls: expect.any(Number),
    });
    const auth = report.traceability.services[0];
    expect(auth.configured).toBeGreaterThan(0);
    expect(auth.called.map((c: { name: string }) => c.name)).toContain("login");
  });

  it("writes valid JUnit XML with a testsuite for the service and no failures", async () => {
    const xml = await readFile(join(dir, "junit.xml"), "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (n) => n === "testsuite" || n === "testcase",
    }).parse(xml);
    const suite = doc.testsuites.testsuite.find((t: { name: string }) => t.name === "auth");
    expect(suite).toMatchObject({ name: "auth", failures: "0", errors: "0", skipped: "0" });
    expect(suite.testcase.length).toBe(Number(suite.tests));
  });

  it("writes the self-contained HTML report", async () => {
    const html = await readFile(join(dir, "e2e-report.html"), "utf8");
    expect(html).toContain('data-service="auth"');
    expect(html).not.toMatch(/\bsrc\s*=/i);
  });
});
