// Ctrl-C over the real CLI (INTERRUPTED, exit 130, the running module `interrupted`), skip reasons
// that name the real cause, and filtered-out modules kept out of JUnit. Real loopback servers.

import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import {
  confFor,
  HEALTHY_MODULE,
  moduleSource,
  pageSource,
  projectTracker,
  runCli,
} from "../helpers/project.js";

let server: TestServer;
let child: ChildProcess | undefined;
const held: ServerResponse[] = [];
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    // /slow never answers by itself: the module is surely running when it arrives, so Ctrl-C it then.
    if (req.url === "/slow") {
      held.push(res);
      child?.kill("SIGINT");
      return;
    }
    sendJson(res, 404, {});
  });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  removeAll();
  await server.close();
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML
const junitCases = (xml: string): any[] => {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
  return [parsed.testsuites.testsuite ?? []]
    .flat()
    .flatMap((s: { testcase: unknown }) => [s.testcase].flat());
};

describe("Ctrl-C during a run", () => {
  it("marks the running module interrupted, skips the rest, prints INTERRUPTED and exits 130", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": HEALTHY_MODULE,
      "services/api/modules/02_slow.ts": moduleSource(`  return page.get("/slow");`),
      "services/api/modules/03_after.ts": HEALTHY_MODULE,
    });
    const out = join(p.dir, "reports");
    const r = await runCli(
      ["run", "--no-start", "-c", `${p.dir}/e2e.conf`, "-r", "console,json,junit", "--report-dir", out],
      { onSpawn: (c) => (child = c) },
    );
    child = undefined;
    assert.equal(r.code, 130, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ api › 01_health/);
    assert.match(r.stdout, /api › 02_slow .*interrupted/);
    assert.match(r.stdout, /api › 03_after skipped: not run: interrupted/);
    assert.match(r.stdout, /INTERRUPTED \(exit 130\)/);
    assert.doesNotMatch(r.stdout, /PASSED/);
    const report = JSON.parse(readFileSync(join(out, "e2e-report.json"), "utf8"));
    assert.deepEqual(
      report.services[0].modules.map((m: { status: string }) => m.status),
      ["passed", "interrupted", "skipped"],
    );
    assert.equal(report.summary.interrupted, 1);
    assert.equal(report.run.exitCode, 130);
    const slow = junitCases(readFileSync(join(out, "junit.xml"), "utf8")).find(
      (c: { name: string }) => c.name === "02_slow",
    );
    assert.equal(slow.error.type, "Interrupted");
  }, 60_000);
});

describe("skip reasons", () => {
  it("says a healthy service's modules did not run because another required service is down", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url }, db: { url: "http://127.0.0.1:9" } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": HEALTHY_MODULE,
      "services/db/page.ts": pageSource(),
      "services/db/modules/01_health.ts": HEALTHY_MODULE,
    });
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stdout, /db › 01_health skipped: service db unavailable: required and not healthy/);
    assert.match(r.stdout, /api › 01_health skipped: not run: required service db is not healthy/);
    assert.doesNotMatch(r.stdout, /api › 01_health skipped: service api unavailable/);
  }, 60_000);

  it("keeps modules filtered out by the selection out of JUnit, while JSON still counts them", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url }, other: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": HEALTHY_MODULE,
      "services/api/modules/02_more.ts": HEALTHY_MODULE,
      "services/other/page.ts": pageSource(),
      "services/other/modules/01_health.ts": HEALTHY_MODULE,
    });
    const out = join(p.dir, "reports");
    const r = await runCli([
      "run",
      "--no-start",
      "-c",
      `${p.dir}/e2e.conf`,
      "-m",
      "api/01_health",
      "-r",
      "json,junit",
      "--report-dir",
      out,
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const xml = readFileSync(join(out, "junit.xml"), "utf8");
    assert.deepEqual(
      junitCases(xml).map((c: { classname: string; name: string }) => `${c.classname}/${c.name}`),
      ["api/01_health"],
    );
    assert.doesNotMatch(xml, /<skipped/);
    assert.match(xml, /<testsuites [^>]*tests="1"/);
    const report = JSON.parse(readFileSync(join(out, "e2e-report.json"), "utf8"));
    assert.equal(report.summary.total, 3);
    assert.equal(report.summary.skipped, 2);
  }, 60_000);
});
