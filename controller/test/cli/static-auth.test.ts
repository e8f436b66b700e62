// services.<name>.auth with type bearer | api_key (SPEC §3b), over the real CLI against a loopback
// server that records the credential header of every request. The credentials are opaque strings
// under a header name that does not look secret, so only the config-known value can redact them.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";
import { assertNoSecretWritten } from "../helpers/secret-scan.js";

const TOKEN = "opaque-bearer-7f3a9c";
const KEY = "opaque-key-51d2e8";
let server: TestServer;
/** "<path> <credential header value>" for every request but the lifecycle's health checks. */
let seen: string[] = [];
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    const credential = String(req.headers.authorization ?? req.headers["x-client-credential"] ?? "");
    seen.push(`${req.url} ${credential}`);
    if (credential !== `Bearer ${TOKEN}` && credential !== KEY && credential !== "Bearer own") {
      return sendJson(res, 401, { error: "UNAUTHORIZED" });
    }
    sendJson(res, 200, { echo: credential });
  });
});
beforeEach(() => {
  seen = [];
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const AUTH = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
  bearer: "    auth:\n      type: bearer\n      bearer_token: ${SVC_TOKEN}\n",
  api_key:
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
    "    auth:\n      type: api_key\n      api_key_header: X-Client-Credential\n      api_key_value: ${SVC_KEY}\n",
};

const MODULES = {
  "01_two_requests": moduleSource(`  assert.equal((await page.get("/a")).status, 200);
  const res = await page.post("/b", { body: { n: 1 } });
  assert.equal(res.status, 200);
  return res;`),
  // A module's own header wins over the service's credential.
  "02_own_header":
    moduleSource(`  const res = await page.get("/own", { headers: { Authorization: "Bearer own" } });
  assert.equal(res.status, 200);
  return res;`),
  // Fails with the credential in the compared values and in the recorded response body.
  "03_fails_quoting_the_credential": moduleSource(`  const res = await page.get("/c");
  assert.equal(res.json().echo, "something else");`),
};

describe("static service auth (services.<name>.auth type: bearer | api_key)", () => {
  for (const [type, sent, secret] of [
    ["bearer", `Bearer ${TOKEN}`, TOKEN],
    ["api_key", KEY, KEY],
  ] as const) {
    it(`sends the ${type} credential with every request, lets a module's own header win, and never writes it to the console or a report`, async () => {
      const files: Record<string, string> = {
        "e2e.conf": confFor(
          { api: { url: server.url, extra: AUTH[type] } },
          `reporting:
  format: [console, json, junit, html]
  include_payloads: true
  save_logs: true
  log_dir: ./logs
`,
        ),
        "services/api/page.ts": pageSource(),
      };
      for (const [name, source] of Object.entries(MODULES)) files[`services/api/modules/${name}.ts`] = source;
      const p = project(files);
      const r = await runCli(
        ["run", "--no-start", "-c", `${p.dir}/e2e.conf`, "--report-dir", join(p.dir, "reports")],
        { env: { SVC_TOKEN: TOKEN, SVC_KEY: KEY, NO_COLOR: "1" } },
      );
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.deepEqual(seen, [`/a ${sent}`, `/b ${sent}`, "/own Bearer own", `/c ${sent}`]);
      const report = JSON.parse(readFileSync(join(p.dir, "reports", "e2e-report.json"), "utf8"));
      assert.deepEqual(
        report.services[0].modules.map((m: { name: string; status: string }) => `${m.name}:${m.status}`),
        ["01_two_requests:passed", "02_own_header:passed", "03_fails_quoting_the_credential:failed"],
      );
      assertNoSecretWritten(p.dir, r, ["e2e-report.json", "junit.xml", ".html", "logs/e2e-"], {
        credential: secret,
      });
      assert.match(r.stdout, /\[REDACTED\]/);
    });
  }
});
