// Exit codes of `e2e run`, SPEC §3: 0 all passed, 1 failed/errored or nothing selected,
// 2 config or usage error, 3 required service unavailable.
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, makeProject, moduleSource, type Project, pageSource, runCli } from "../helpers/project.js";

let server: TestServer;
const projects: Project[] = [];
beforeAll(async () => {
  server = await startServer((req, res) =>
    req.url === "/health"
      ? sendJson(res, 200, { status: "healthy" })
      : sendJson(res, 404, { code: "NOT_FOUND" }),
  );
});
afterAll(async () => {
  for (const p of projects) p.remove();
  await server.close();
});

function project(modules: Record<string, string>, conf?: string): Project {
  const files: Record<string, string> = {
    "e2e.conf": conf ?? confFor({ api: { url: server.url } }),
    "services/api/page.ts": pageSource(),
  };
  for (const [name, src] of Object.entries(modules)) files[`services/api/modules/${name}`] = src;
  const p = makeProject(files);
  projects.push(p);
  return p;
}

const passing = moduleSource(`  const res = await page.health();
  assert.equal(res.status, 200);
  return res;`);

describe("e2e run exit codes", () => {
  it("exits 0 when every selected module passes, with plain output under CI", async () => {
    const p = project({ "01_health.ts": passing, "02_again.ts": passing });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ api › 01_health/);
    assert.match(r.stdout, /✓ api › 02_again/);
    assert.match(r.stdout, /Summary: 2 modules · 2 passed · 0 failed · 0 errors · 0 skipped · 0 flaky/);
    assert.doesNotMatch(r.stdout, /\x1b\[/, "no colour codes when CI=true");
  });

  it("exits 1 on a failed assertion and shows expected, actual, the module line and the last request", async () => {
    const failing = moduleSource(`  const res = await page.health();
  assert.equal(res.json().status, "sick");
  return res;`);
    const p = project({ "01_health.ts": passing, "02_wrong.ts": failing });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /✗ api › 02_wrong .*failed/);
    assert.match(r.stdout, /expected: "sick"/);
    assert.match(r.stdout, /actual: {3}"healthy"/);
    assert.match(r.stdout, /at services\/api\/modules\/02_wrong\.ts:5:\d+/);
    assert.match(r.stdout, /last request: {2}GET http:\/\/127\.0\.0\.1:\d+\/health → 200/);
    assert.match(r.stdout, /1 passed · 1 failed/);
  });

  it("exits 1 when a module throws something other than an assertion, reported as an error", async () => {
    const p = project({
      "01_boom.ts": moduleSource(`  await page.health();\n  throw new TypeError("no such thing");`),
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /‼ api › 01_boom .*error/);
    assert.match(r.stdout, /TypeError: no such thing/);
    assert.match(r.stdout, /0 failed · 1 errors/);
  });

  it("exits 1 with a clear message when no module is selected", async () => {
    const p = project({ "01_health.ts": passing });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`, "--tag", "nightly"]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /No modules selected \(--tag nightly; 1 module found under .*services\)/);
  });

  it("exits 2 on an invalid configuration and names the field", async () => {
    const p = project(
      { "01_health.ts": passing },
      "general:\n  timeout: 10\nservices:\n  api:\n    port: 70000\n",
    );
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /services\.api\.base_url/);
    assert.match(r.stderr, /services\.api\.port/);
  });

  it("exits 2 when the config file does not exist", async () => {
    const r = await runCli(["run", "--config", "/nonexistent/e2e.conf"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /\/nonexistent\/e2e\.conf/);
  });

  it("exits 2 on usage errors: unknown option, unknown service, bad --workers", async () => {
    const p = project({ "01_health.ts": passing });
    const conf = `${p.dir}/e2e.conf`;
    const unknown = await runCli(["run", "--frobnicate"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown option '--frobnicate'/);
    const service = await runCli(["run", "--config", conf, "--service", "nope"]);
    assert.equal(service.code, 2);
    assert.match(service.stderr, /--service: unknown service "nope"; configured services: api/);
    const workers = await runCli(["run", "--config", conf, "--workers", "0"]);
    assert.equal(workers.code, 2);
    assert.match(workers.stderr, /--workers: must be an integer >= 1, got "0"/);
  });

  it("exits 3 when a required service is not healthy and may not be started", async () => {
    const p = project({ "01_health.ts": passing }, confFor({ api: { url: "http://127.0.0.1:9" } }));
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 3, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /api/);
    assert.match(r.stdout, /skipped: service api unavailable: required and not healthy; the run is aborted/);
  });

  it("exits 2 for generate-tests without --service, naming the option", async () => {
    const r = await runCli(["generate-tests"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--service/);
  });
});
