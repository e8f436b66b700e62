// services.<name>.parallel: true runs that service's modules at the same time (up to --workers),
// each with its own page instance; reports keep filename order. Real CLI, real loopback server.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";

let server: TestServer;
let waiting: ServerResponse[] = [];
let peak = 0;
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  // /pair answers only once two requests wait together: modules run one at a time never get a pair
  // (after 5 s the lone one gets a 409, so a serial run fails instead of hanging).
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    waiting.push(res);
    peak = Math.max(peak, waiting.length);
    if (waiting.length >= 2) {
      for (const w of waiting.splice(0)) sendJson(w, 200, { paired: true });
      return;
    }
    setTimeout(() => {
      if (waiting.includes(res)) {
        waiting = waiting.filter((w) => w !== res);
        sendJson(res, 409, { paired: false });
      }
    }, 5000).unref();
  });
});
afterAll(async () => {
  removeAll();
  await server.close();
});

// Each module marks its page; a page shared with another module would already carry a mark.
const pairing =
  moduleSource(`  assert.equal(page.mark, undefined, "page instance shared with another module");
  page.mark = import.meta.url;
  const res = await page.get("/pair");
  assert.equal(res.status, 200);
  return res;`);

function suite(parallel: boolean) {
  const files: Record<string, string> = {
    "e2e.conf": confFor({ api: { url: server.url, extra: parallel ? "    parallel: true\n" : "" } }),
    "services/api/page.ts": pageSource(),
  };
  for (const n of ["01", "02", "03", "04"]) files[`services/api/modules/${n}_pair.ts`] = pairing;
  return project(files);
}

describe("parallel modules", () => {
  it("runs a parallel service's modules two at a time with --workers 2, each on its own page, reported in filename order", async () => {
    peak = 0;
    const p = suite(true);
    const out = join(p.dir, "reports");
    const r = await runCli([
      "run",
      "--no-start",
      "-c",
      `${p.dir}/e2e.conf`,
      "-w",
      "2",
      "-r",
      "json",
      "--report-dir",
      out,
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(peak, 2, "at most --workers modules at once");
    const report = JSON.parse(readFileSync(join(out, "e2e-report.json"), "utf8"));
    assert.deepEqual(
      report.services[0].modules.map((m: { name: string; status: string }) => `${m.name}:${m.status}`),
      ["01_pair:passed", "02_pair:passed", "03_pair:passed", "04_pair:passed"],
    );
  }, 60_000);

  it("keeps modules one at a time, in filename order, without parallel: true", async () => {
    peak = 0;
    const p = suite(false);
    const r = await runCli([
      "run",
      "--no-start",
      "-c",
      `${p.dir}/e2e.conf`,
      "-w",
      "2",
      "-m",
      "01_pair,02_pair",
    ]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(peak, 1);
    assert.equal((r.stdout.match(/→ 409/g) ?? []).length, 2, r.stdout);
  }, 60_000);

  it("rejects a parallel value that is not a boolean, naming file, line and column", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url, extra: "    parallel: sometimes\n" } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_pair.ts": pairing,
    });
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /e2e\.conf:\d+:\d+.*services\.api\.parallel/);
  }, 60_000);
});
