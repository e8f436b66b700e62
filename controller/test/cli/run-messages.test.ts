// Issue 24 point 3, what `e2e run` tells the user, over the real CLI and a loopback server:
// --workers on a service that may not run its modules side by side says so, naming the setting
// (and with `parallel: true` they do run side by side); every reporter choice ends with a one-line
// summary and where the reports went; an interrupted run counts its interrupted module and does not
// list "Endpoints never called".
import type { ChildProcess } from "node:child_process";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
/** Requests held at /together until three are in flight at once: modules running side by side. */
const together: ServerResponse[] = [];
const held: ServerResponse[] = [];
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    if (req.url === "/together") {
      together.push(res);
      if (together.length === 3) for (const r of together.splice(0)) sendJson(r, 200, { together: 3 });
      return;
    }
    // /slow never answers: the module is surely running when it arrives, so Ctrl-C it then.
    if (req.url === "/slow") {
      held.push(res);
      child?.kill("SIGINT");
      return;
    }
    sendJson(res, 404, {});
  });
});
afterAll(async () => {
  for (const res of [...held, ...together]) res.destroy();
  removeAll();
  await server.close();
});

const TOGETHER = moduleSource(
  `  const res = await page.get("/together");\n  assert.equal(res.status, 200);\n  return res;`,
);

function suite(extra = "", modules: Record<string, string> = {}) {
  return project({
    "e2e.conf": confFor({ api: { url: server.url, extra } }),
    "services/api/page.ts": pageSource(),
    ...Object.fromEntries(
      Object.entries(modules).map(([name, src]) => [`services/api/modules/${name}`, src]),
    ),
  });
}

describe("e2e run --workers", () => {
  const IDLE =
    "warning: --workers 3: api runs its modules one at a time (parallel is false in e2e.conf); " +
    "set services.api.parallel: true if its modules do not depend on each other's data";

  it("says in one line, naming the setting, why a service's modules still run one at a time", async () => {
    const p = suite("", { "01_a.ts": HEALTHY_MODULE, "02_b.ts": HEALTHY_MODULE, "03_c.ts": HEALTHY_MODULE });
    const r = await runCli(["run", "--no-start", "--workers", "3"], { cwd: p.dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout.split("\n").filter((l) => l.includes("--workers 3"))).toEqual([`  · ${IDLE}`]);
    // Also when no console reporter would show a warning.
    const json = await runCli(["run", "--no-start", "--workers", "3", "-r", "json"], { cwd: p.dir });
    expect(json.stdout.split("\n")).toContain(IDLE);
  });

  it("runs the modules side by side when the service allows it, and says nothing", async () => {
    const p = suite("    parallel: true\n", {
      "01_a.ts": TOGETHER,
      "02_b.ts": TOGETHER,
      "03_c.ts": TOGETHER,
    });
    const r = await runCli(["run", "--no-start", "--workers", "3"], { cwd: p.dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/3 passed/);
    expect(r.stdout).not.toContain("--workers");
  });
});

describe("e2e run with any reporter choice", () => {
  it("prints a one-line summary and where the reports went with -r json alone", async () => {
    const p = suite("", { "01_a.ts": HEALTHY_MODULE, "02_b.ts": HEALTHY_MODULE });
    const r = await runCli(["run", "--no-start", "-r", "json", "--report-dir", "out"], { cwd: p.dir });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^Summary: 2 modules · 2 passed · 0 failed · 0 errors · 0 skipped · 0 flaky · \d+ ms · PASSED \(exit 0\)$/,
    );
    expect(lines[1]).toMatch(/^Reports: out\/e2e-report\.json, logs\/e2e-\w+\.log$/);
    expect(lines).toHaveLength(2);
  });

  it("says where junit and html went after the console's own summary", async () => {
    const p = suite("", { "01_a.ts": HEALTHY_MODULE });
    const r = await runCli(["run", "--no-start", "-r", "console,junit,html", "--report-dir", "out"], {
      cwd: p.dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /PASSED \(exit 0\)\nReports: out\/junit\.xml, out\/e2e-report\.html, logs\/e2e-\w+\.log\n$/,
    );
  });

  it("says why a run failed with -r json alone when a required service is down", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: "http://127.0.0.1:9" } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_a.ts": HEALTHY_MODULE,
    });
    const r = await runCli(["run", "--no-start", "-r", "json", "--report-dir", join(p.dir, "out")], {
      cwd: p.dir,
    });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/Service "api" is required but not healthy/);
    expect(r.stdout).toMatch(/· FAILED \(exit 3\)\n/);
  });
});

describe("an interrupted run's summary", () => {
  it("counts the interrupted module and lists no endpoints as never called", async () => {
    const p = suite("    endpoints:\n      health: /health\n      items: /api/items\n", {
      "01_health.ts": HEALTHY_MODULE,
      "02_slow.ts": moduleSource(`  return page.get("/slow");`),
      "03_after.ts": HEALTHY_MODULE,
    });
    const r = await runCli(["run", "--no-start"], { cwd: p.dir, onSpawn: (c) => (child = c) });
    child = undefined;
    expect(r.code, r.stdout + r.stderr).toBe(130);
    expect(r.stdout).toMatch(
      /Summary: 3 modules · 1 passed · 0 failed · 0 errors · 1 skipped · 0 flaky · 1 interrupted · /,
    );
    expect(r.stdout).not.toContain("Endpoints never called");
    expect(r.stdout).toMatch(/INTERRUPTED \(exit 130\)/);
  });
});
