// services.<name>.auth with type: login (SPEC §3b), over the real CLI against a loopback login
// server that counts logins, revokes tokens on logout and issues opaque (non-JWT) tokens, so the
// redaction of the token cannot rely on its shape.

import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";
import { assertNoSecretWritten, filesUnder } from "../helpers/secret-scan.js";

const PASSWORD = "pw-Sesame-4711";
let server: TestServer;
let logins = 0;
const valid = new Set<string>();
const issued: string[] = [];
let waiting: ServerResponse[] = [];
let revokedPair = false;
const { project, removeAll } = projectTracker();

const bearer = (header: string | string[] | undefined) => String(header ?? "").replace(/^Bearer /, "");

beforeAll(async () => {
  server = await startServer((req, res, body) => {
    const token = bearer(req.headers.authorization ?? req.headers["x-session"]);
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    if (req.url === "/login") {
      logins++;
      const { email, password } = JSON.parse(body || "{}");
      if (email !== "admin@example.com" || password !== PASSWORD) {
        return sendJson(res, 401, { error: "INVALID_CREDENTIALS" });
      }
      const fresh = `opaque-${randomUUID()}`;
      valid.add(fresh);
      issued.push(fresh);
      return sendJson(res, 200, { data: { token: fresh } });
    }
    if (!valid.has(token)) return sendJson(res, 401, { error: "UNAUTHORIZED" });
    if (req.url === "/logout") {
      valid.delete(token);
      res.statusCode = 204;
      res.end();
      return;
    }
    if (req.url === "/me")
      return sendJson(res, 200, { echo: req.headers.authorization ?? req.headers["x-session"] });
    if (req.url === "/pair") {
      // The first two requests that wait together both see their token revoked (two 401s at once).
      if (revokedPair) return sendJson(res, 200, { ok: true });
      waiting.push(res);
      if (waiting.length >= 2) {
        revokedPair = true;
        valid.clear();
        for (const w of waiting.splice(0)) sendJson(w, 401, { error: "UNAUTHORIZED" });
      }
      return;
    }
    sendJson(res, 404, {});
  });
});
beforeEach(() => {
  logins = 0;
  waiting = [];
  revokedPair = false;
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const AUTH = `    auth:
      type: login
      path: /login
      body:
        email: admin@example.com
        password: \${LOGIN_PASSWORD}
      token_path: data.token
`;

const ME_MODULE = moduleSource(`  const res = await page.get("/me");
  assert.equal(res.status, 200);
  return res;`);

function suite(modules: Record<string, string>, extra = "", auth = AUTH) {
  const files: Record<string, string> = {
    "e2e.conf": confFor(
      { api: { url: server.url, extra: auth + extra } },
      `reporting:
  format: [console, json, junit, html]
  include_payloads: true
  screenshot_on_failure: true
  save_logs: true
  log_dir: ./logs
`,
    ),
    "services/api/page.ts": pageSource(),
  };
  for (const [name, source] of Object.entries(modules)) files[`services/api/modules/${name}.ts`] = source;
  return project(files);
}

async function run(dir: string, args: string[] = [], password = PASSWORD) {
  return runCli(
    ["run", "--no-start", "-c", `${dir}/e2e.conf`, "--report-dir", join(dir, "reports"), ...args],
    {
      env: { LOGIN_PASSWORD: password, NO_COLOR: "1" },
    },
  );
}

function statuses(dir: string): string[] {
  const report = JSON.parse(readFileSync(join(dir, "reports", "e2e-report.json"), "utf8"));
  return report.services[0].modules.map((m: { name: string; status: string }) => `${m.name}:${m.status}`);
}

describe("login auth (services.<name>.auth type: login)", () => {
  it("logs in once for all modules of a parallel service run by two workers, and sends the token with every request", async () => {
    const p = suite(
      { "01_me": ME_MODULE, "02_me": ME_MODULE, "03_me": ME_MODULE, "04_me": ME_MODULE },
      "    parallel: true\n",
    );
    const r = await run(p.dir, ["-w", "2"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(logins, 1, "one login shared by the workers");
    assert.deepEqual(statuses(p.dir), ["01_me:passed", "02_me:passed", "03_me:passed", "04_me:passed"]);
  });

  it("logs in again once after the token is revoked and repeats the request", async () => {
    const p = suite({
      "01_logout_then_me": moduleSource(`  assert.equal((await page.post("/logout")).status, 204);
  const res = await page.get("/me");
  assert.equal(res.status, 200);
  return res;`),
      "02_me": ME_MODULE,
    });
    const r = await run(p.dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(logins, 2);
    assert.match(r.stdout, /api: logged in again after 401/);
    assert.deepEqual(statuses(p.dir), ["01_logout_then_me:passed", "02_me:passed"]);
  });

  it("shares one re-login between two requests that get a 401 at the same time", async () => {
    const pair = moduleSource(`  const res = await page.get("/pair");
  assert.equal(res.status, 200);
  return res;`);
    const p = suite({ "01_pair": pair, "02_pair": pair }, "    parallel: true\n");
    const r = await run(p.dir, ["-w", "2"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(logins, 2, "the first login and one shared re-login");
  });

  it("errors the service's modules with the login URL and status when the password is wrong, never showing it", async () => {
    const wrong = "wrong-Pw-9981";
    const p = suite({ "01_me": ME_MODULE, "02_me": ME_MODULE });
    const r = await run(p.dir, [], wrong);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(logins, 1, "a failed login is not repeated per module");
    assert.deepEqual(statuses(p.dir), ["01_me:error", "02_me:error"]);
    assert.match(r.stdout, new RegExp(`services\\.api\\.auth: login POST ${server.url}/login answered 401`));
    const everything = [r.stdout, r.stderr, ...filesUnder(p.dir).map((f) => readFileSync(f, "utf8"))].join(
      "\n",
    );
    assert.ok(!everything.includes(wrong), "the password is shown somewhere");
  });

  it("never writes the password or the token to the console, the reports, the failure snapshots or the run log", async () => {
    issued.length = 0;
    // A header whose name looks harmless and no scheme: only the registered token gives it away.
    const plainHeader = `${AUTH}      header: X-Session\n      scheme: ""\n`;
    const p = suite(
      {
        "01_me": ME_MODULE,
        // Fails with the Authorization header (the token) in the values compared and in the body.
        "02_fails_quoting_the_token": moduleSource(`  const res = await page.get("/me");
  assert.equal(res.json().echo, "something else");`),
      },
      "",
      plainHeader,
    );
    const r = await run(p.dir);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(issued.length, 1);
    assertNoSecretWritten(p.dir, r, ["e2e-report.json", "junit.xml", ".html", "failures/", "logs/e2e-"], {
      password: PASSWORD,
      token: issued[0]!,
    });
    assert.match(r.stdout, /\[REDACTED\]/);
    // The curl reproducer of the failed request is among what was checked: the token is read from
    // $E2E_TOKEN, never sent as the text [REDACTED].
    const report = readFileSync(join(p.dir, "reports", "e2e-report.json"), "utf8");
    assert.match(report, /curl [^"]*x-session: '\\"\$E2E_TOKEN\\"/i);
  });
});
