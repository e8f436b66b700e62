// A flaky module keeps its first failure in every report (JSON attempts, JUnit flakyFailure/
// rerunFailure, console, HTML), and every request has a curl reproducer with secrets redacted.
// Real CLI, real loopback server that loses a write the first time.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, it } from "vitest";
import schema from "../../src/report/e2e-report.schema.json" with { type: "json" };
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";
import { validateAgainstSchema } from "../report/helpers/mini-schema.js";

let server: TestServer;
const reads = new Map<string, number>();
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  // GET /items/<key>: the first read of a key answers as if the write was lost; later reads find it.
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    const n = (reads.get(req.url!) ?? 0) + 1;
    reads.set(req.url!, n);
    if (req.url!.startsWith("/items/")) {
      return n === 1 ? sendJson(res, 404, { error: "item vanished" }) : sendJson(res, 200, { id: req.url });
    }
    if (req.url!.startsWith("/always/")) return sendJson(res, 500, { error: `broken read ${n}` });
    sendJson(res, 404, {});
  });
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const reader = (prefix: string) =>
  moduleSource(`  const res = await page.get("${prefix}" + process.env.ITEM_KEY, { headers: { authorization: "Bearer s3cr3t-token-value" } });
  assert.equal(res.status, 200);
  return res;`);

async function run(key: string) {
  const p = project({
    "e2e.conf": confFor({ api: { url: server.url } }),
    "services/api/page.ts": pageSource(),
    "services/api/modules/01_flaky.ts": reader("/items/"),
    "services/api/modules/02_broken.ts": reader("/always/"),
  });
  const out = join(p.dir, "reports");
  const r = await runCli(
    [
      "run",
      "--no-start",
      "-c",
      `${p.dir}/e2e.conf`,
      "--retries",
      "1",
      "-r",
      "console,json,junit,html",
      "--report-dir",
      out,
    ],
    { env: { ITEM_KEY: key } },
  );
  return { r, out };
}

describe("retries keep every attempt", () => {
  let result: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    result = await run(`k-${process.pid}`);
  }, 60_000);

  it("lists each attempt in the JSON report, with the first failure's location and last exchange", () => {
    assert.equal(result.r.code, 1, result.r.stdout + result.r.stderr);
    const report = JSON.parse(readFileSync(join(result.out, "e2e-report.json"), "utf8"));
    assert.deepEqual(validateAgainstSchema(schema, report), []);
    const [flaky, broken] = report.services[0].modules;
    assert.equal(flaky.status, "flaky");
    assert.deepEqual(
      flaky.attempts.map((a: { status: string }) => a.status),
      ["failed", "passed"],
    );
    const first = flaky.attempts[0];
    assert.match(first.failure.location, /^services\/api\/modules\/01_flaky\.ts:\d+:\d+$/);
    assert.equal(first.lastExchange.status, 404);
    assert.deepEqual(first.lastExchange.responseBody, { error: "item vanished" });
    assert.deepEqual(
      broken.attempts.map((a: { status: string; lastExchange: { responseBody: unknown } }) => [
        a.status,
        a.lastExchange.responseBody,
      ]),
      [
        ["failed", { error: "broken read 1" }],
        ["failed", { error: "broken read 2" }],
      ],
    );
  });

  it("writes flakyFailure for a flaky module and failure plus rerunFailure for one that never passed", () => {
    const xml = readFileSync(join(result.out, "junit.xml"), "utf8");
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    const cases = [parsed.testsuites.testsuite.testcase].flat();
    const flaky = cases.find((c: { name: string }) => c.name === "01_flaky");
    assert.match(flaky.flakyFailure["#text"], /at services\/api\/modules\/01_flaky\.ts:\d+/);
    assert.match(
      flaky.flakyFailure["#text"],
      /last request: GET http:\/\/127\.0\.0\.1:\d+\/items\/\S+ → 404/,
    );
    assert.equal(flaky.failure, undefined);
    const broken = cases.find((c: { name: string }) => c.name === "02_broken");
    assert.ok(broken.failure, "the first run is the <failure>");
    assert.ok(broken.rerunFailure, "the rerun is a <rerunFailure>");
    assert.match(broken.rerunFailure["#text"], /→ 500/);
  });

  it("prints the first failure under the console's flaky line", () => {
    const out = result.r.stdout;
    const flakyLine = out.split("\n").findIndex((l) => /⚠ api › 01_flaky/.test(l));
    assert.ok(flakyLine >= 0, out);
    const below = out
      .split("\n")
      .slice(flakyLine + 1, flakyLine + 14)
      .join("\n");
    assert.match(below, /first failure:/);
    assert.match(below, /at services\/api\/modules\/01_flaky\.ts:\d+/);
    assert.match(below, /last request: {2}GET .*\/items\/.* → 404/);
    assert.match(below, /item vanished/);
  });

  it("shows each attempt in the HTML report, the first failure's response body included", () => {
    const html = readFileSync(join(result.out, "e2e-report.html"), "utf8");
    assert.match(html, /attempt 1/);
    assert.match(html, /item vanished/);
  });

  it("gives every request a curl reproducer with the token read from $E2E_TOKEN, in JSON and HTML", () => {
    const report = JSON.parse(readFileSync(join(result.out, "e2e-report.json"), "utf8"));
    const request = report.services[0].modules[0].requests[0];
    assert.match(
      request.curl,
      /^# Reports hold no secrets: first export E2E_TOKEN \(the authorization header's value\)\ncurl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/items\/k-\d+' -H 'authorization: '"\$E2E_TOKEN"/,
    );
    const html = readFileSync(join(result.out, "e2e-report.html"), "utf8");
    assert.match(html, /curl -i -X GET/);
    for (const text of [JSON.stringify(report), html, result.r.stdout])
      assert.doesNotMatch(text, /s3cr3t-token-value/);
  });

  it("shows a failed module's last response body in the HTML without include_payloads", () => {
    const html = readFileSync(join(result.out, "e2e-report.html"), "utf8");
    assert.match(html, /broken read 2/);
  });
});
