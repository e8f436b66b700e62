// services/<name>/setup.ts: setup(page) once before the first module, teardown(page) once after the
// last (also after failures), state shared through the page; a failing setup errors every module.
// Real CLI, real loopback server that records the calls.

import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";

let server: TestServer;
const { project, removeAll } = projectTracker();
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    if (req.url === "/session" && req.method === "POST") return sendJson(res, 201, { sid: "s-1" });
    if (req.url === "/session" && req.method === "DELETE") return sendJson(res, 204, {});
    if (req.url!.startsWith("/use/")) return sendJson(res, 200, {});
    sendJson(res, 404, {});
  });
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const SETUP = `export async function setup(page: any) {
  page.sid = (await page.post("/session", {})).json().sid;
}
export async function teardown(page: any) {
  await page.delete("/session");
}
`;
const useSession = (fail = false) =>
  moduleSource(`  const res = await page.get("/use/" + page.sid);
  ${fail ? 'assert.fail("boom");' : ""}
  return res;`);

function suite(setup: string, extra = "") {
  return project({
    "e2e.conf": confFor({ api: { url: server.url, extra } }),
    "services/api/page.ts": pageSource(),
    "services/api/setup.ts": setup,
    "services/api/modules/01_use.ts": useSession(),
    "services/api/modules/02_fails.ts": useSession(true),
    "services/api/modules/03_use.ts": useSession(),
  });
}

const calls = (from: number) =>
  server.received
    .slice(from)
    .filter((r) => r.url !== "/health")
    .map((r) => `${r.method} ${r.url}`);

describe("service setup and teardown", () => {
  it("runs setup once before the first module and teardown once after the last, also after a failure", async () => {
    const from = server.received.length;
    const p = suite(SETUP);
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.deepEqual(calls(from), [
      "POST /session",
      "GET /use/s-1",
      "GET /use/s-1",
      "GET /use/s-1",
      "DELETE /session",
    ]);
  }, 60_000);

  it("gives each module of a parallel service the state setup left on its page", async () => {
    const from = server.received.length;
    const p = suite(SETUP, "    parallel: true\n");
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`, "-w", "2"]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const seen = calls(from);
    assert.equal(seen[0], "POST /session");
    assert.equal(seen.at(-1), "DELETE /session");
    assert.deepEqual(seen.slice(1, -1), ["GET /use/s-1", "GET /use/s-1", "GET /use/s-1"]);
  }, 60_000);

  it("errors every module of the service with the setup's failure when setup throws", async () => {
    const p = suite(`export async function setup() { throw new Error("login refused"); }\n`);
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const m of ["01_use", "02_fails", "03_use"])
      assert.match(r.stdout, new RegExp(`‼ api › ${m} .*error`));
    assert.match(r.stdout, /services\/api\/setup\.ts: setup failed: login refused/);
  }, 60_000);
});
