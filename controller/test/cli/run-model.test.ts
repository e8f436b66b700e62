// The run model of seed 3 / SPEC §3, observed through the real CLI: discovery, order,
// selection, outcomes (passed, failed, error, skipped, flaky), bail, workers, traceability.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, it } from "vitest";
import { gate } from "../../../lib/testing/gate.js";
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
let flakyCalls = 0;
/**
 * /wait and /release meet: each waits for the other to be asked, up to MEET_MS, so both answer
 * 200 only when the two modules run at the same time (parallel services).
 */
const meeting = { waitAsked: gate(), releaseAsked: gate() };
const MEET_MS = 15_000;
const within = (opened: Promise<void>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void opened.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  server = await startServer(async (req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    if (req.url === "/flaky") return sendJson(res, ++flakyCalls === 1 ? 500 : 200, { calls: flakyCalls });
    if (req.url === "/wait") {
      meeting.waitAsked.open();
      return sendJson(res, (await within(meeting.releaseAsked.opened, MEET_MS)) ? 200 : 408, {});
    }
    if (req.url === "/release") {
      meeting.releaseAsked.open();
      return sendJson(res, (await within(meeting.waitAsked.opened, MEET_MS)) ? 200 : 409, {});
    }
    return sendJson(res, 404, { code: "NOT_FOUND", path: req.url });
  });
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const ok = HEALTHY_MODULE;
const tagged = (tags: string[]) =>
  moduleSource(`  return page.health();`, `export const tags = ${JSON.stringify(tags)};`);
const lines = (out: string, re: RegExp) => out.split("\n").filter((l) => re.test(l));

describe("e2e run: discovery and order", () => {
  it("runs services in config order and modules by file name, and skips a folder not in the config with a warning", async () => {
    const p = project({
      "e2e.conf": confFor({ beta: { url: server.url }, alpha: { url: server.url } }),
      "services/alpha/page.ts": pageSource(),
      "services/alpha/modules/01_first.ts": ok,
      "services/beta/page.ts": pageSource(),
      "services/beta/modules/10_last.ts": ok,
      "services/beta/modules/02_second.ts": ok,
      "services/beta/modules/01_first.ts": ok,
      "services/beta/modules/helpers.ts": "export const notAModule = true;\n",
      "services/stray/modules/01_x.ts": ok,
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(
      lines(r.stdout, /✓/).map((l) => l.trim().split("  ")[0]),
      ["✓ beta › 01_first", "✓ beta › 02_second", "✓ beta › 10_last", "✓ alpha › 01_first"],
    );
    assert.match(r.stdout, /warning: services\/stray\/ is not a service in .*e2e\.conf; skipped/);
  });

  it("--list prints the selection with tags; --module, --grep, --tag and --exclude-tag filter it", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": tagged(["smoke"]),
      "services/api/modules/02_users.ts": tagged(["crud", "slow"]),
      "services/api/modules/03_search.ts": tagged(["smoke", "slow"]),
    });
    const conf = `${p.dir}/e2e.conf`;
    const all = await runCli(["run", "--config", conf, "--list"]);
    assert.equal(all.code, 0, all.stderr);
    assert.equal(
      all.stdout,
      "api/01_health [smoke]\napi/02_users [crud, slow]\napi/03_search [smoke, slow]\n3 modules selected\n",
    );
    const mod = await runCli(["run", "--config", conf, "--list", "--module", "02_users.ts,api/03_search"]);
    assert.match(
      mod.stdout,
      /^api\/02_users \[crud, slow\]\napi\/03_search \[smoke, slow\]\n2 modules selected/,
    );
    const grep = await runCli(["run", "--config", conf, "--list", "--grep", "SEARCH|health"]);
    assert.match(
      grep.stdout,
      /^api\/01_health \[smoke\]\napi\/03_search \[smoke, slow\]\n2 modules selected/,
    );
    const tags = await runCli(["run", "--config", conf, "--list", "--tag", "smoke", "--exclude-tag", "slow"]);
    assert.match(tags.stdout, /^api\/01_health \[smoke\]\n1 module selected/);
  });
});

describe("e2e run: outcomes", () => {
  it("skips the modules of an optional service that is not available and still passes", async () => {
    const p = project({
      "e2e.conf": confFor({
        api: { url: server.url },
        extra: { url: "http://127.0.0.1:9", extra: "    required: false\n" },
      }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": ok,
      "services/extra/page.ts": pageSource(),
      "services/extra/modules/01_health.ts": ok,
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /○ extra › 01_health skipped: service extra unavailable/);
    assert.match(r.stdout, /1 passed · 0 failed · 0 errors · 1 skipped/);
  });

  it("--retries reruns a failed module; failing then passing is reported as flaky and exits 0", async () => {
    flakyCalls = 0;
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_flaky.ts": moduleSource(
        `  const res = await page.get("/flaky");\n  assert.equal(res.status, 200);\n  return res;`,
      ),
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`, "--retries", "2"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /⚠ api › 01_flaky .*flaky: passed on attempt 2/);
    assert.match(r.stdout, /0 failed · 0 errors · 0 skipped · 1 flaky/);
  });

  it("--bail stops at the first failure and reports the rest as skipped", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_ok.ts": ok,
      "services/api/modules/02_bad.ts": moduleSource(`  assert.ok(false, "deliberate");`),
      "services/api/modules/03_never.ts": ok,
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`, "--bail"]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /○ api › 03_never skipped: not run: --bail after api\/02_bad failed/);
  });

  it("reports a page that does not extend BasePage and a module without run() as errors", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url }, other: { url: server.url } }),
      "services/api/page.ts": "export default class NotAPage {}\n",
      "services/api/modules/01_health.ts": ok,
      "services/other/page.ts": pageSource(),
      "services/other/modules/01_norun.ts": "export const tags = [];\n",
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /services\/api\/page\.ts: the default export must be a class extending BasePage/);
    assert.match(r.stdout, /services\/other\/modules\/01_norun\.ts: must export a function run\(page\)/);
    assert.match(r.stdout, /0 passed · 0 failed · 2 errors/);
  });
});

describe("e2e run: workers, traceability and payloads", () => {
  it("--workers 2 runs services in parallel and keeps every output line whole", async () => {
    const p = project({
      "e2e.conf": confFor({ waiter: { url: server.url }, releaser: { url: server.url } }),
      "services/waiter/page.ts": pageSource(),
      "services/waiter/modules/01_wait.ts": moduleSource(
        `  const res = await page.get("/wait");\n  assert.equal(res.status, 200);\n  return res;`,
      ),
      "services/releaser/page.ts": pageSource(),
      "services/releaser/modules/01_pause.ts": moduleSource(
        `  const res = await page.get("/release");\n  assert.equal(res.status, 200);\n  return res;`,
      ),
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`, "--workers", "2"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const known = /^(e2e run |\d+ modules? selected| {2}· |waiter |releaser | {2}✓ |$|Summary:|PASSED|Reports: )/;
    for (const line of r.stdout.split("\n")) assert.match(line, known);
  });

  it("lists configured endpoints no module called, and shows the last response body with include_payloads", async () => {
    const p = project({
      "e2e.conf": confFor(
        {
          api: {
            url: server.url,
            extra:
              "    endpoints:\n      health: /health\n      user: /api/users/{id}\n      delete_user: /api/users/{id}/delete\n",
          },
        },
        "reporting:\n  include_payloads: true\n",
      ),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_user.ts": moduleSource(
        `  await page.health();\n  const res = await page.get("/api/users/42");\n  assert.equal(res.status, 200);`,
      ),
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /Endpoints never called: api: delete_user/);
    assert.match(r.stdout, /last request: {2}GET .*\/api\/users\/42 → 404/);
    assert.match(r.stdout, /last response: \{ code: 'NOT_FOUND', path: '\/api\/users\/42' \}/);
  });
});

describe("e2e run: what a failure shows", () => {
  it("shows the last response without include_payloads, redacted, in the console and the JSON report; screenshot_on_failure writes a snapshot", async () => {
    const secret = "tok-e2e-7f3a91c2";
    const p = project({
      "e2e.conf": confFor(
        { api: { url: server.url } },
        `security:\n  test_tokens:\n    admin: ${secret}\nreporting:\n  screenshot_on_failure: true\n`,
      ),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_lookup.ts": moduleSource(
        `  const res = await page.get("/api/keys/${secret}");\n  assert.equal(res.status, 200);`,
      ),
    });
    const reportDir = `${p.dir}/out`;
    const r = await runCli([
      "run",
      "--config",
      `${p.dir}/e2e.conf`,
      "-r",
      "console,json",
      "--report-dir",
      reportDir,
    ]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /last response: \{ code: 'NOT_FOUND', path: '\/api\/keys\/\[REDACTED\]' \}/);
    assert.ok(!r.stdout.includes(secret), r.stdout);
    const snapshot = `${reportDir}/failures/api/01_lookup.txt`;
    assert.match(r.stdout, new RegExp(`snapshot: ${snapshot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    const text = readFileSync(snapshot, "utf8");
    assert.match(text, /response body: \{"code":"NOT_FOUND","path":"\/api\/keys\/\[REDACTED\]"\}/);
    assert.ok(!text.includes(secret));
    // include_payloads is off: the JSON report still keeps the failure's last response, redacted.
    const reportText = readFileSync(`${reportDir}/e2e-report.json`, "utf8");
    const report = JSON.parse(reportText);
    assert.deepEqual(report.services[0].modules[0].requests.at(-1).responseBody, {
      code: "NOT_FOUND",
      path: "/api/keys/[REDACTED]",
    });
    assert.ok(!reportText.includes(secret));
  });
});

describe("e2e run: general.verbose", () => {
  it("false hides the run's log lines but not warnings; --verbose shows them again", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }).replace(
        "environment: dev",
        "environment: dev\n  verbose: false",
      ),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": ok,
      "services/stray/modules/01_x.ts": ok,
    });
    const quiet = await runCli(["run", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
    assert.deepEqual(lines(quiet.stdout, /^ {2}· /), [
      "  · warning: services/stray/ is not a service in " + `${p.dir}/e2e.conf; skipped`,
    ]);
    const loud = await runCli(["run", "--config", `${p.dir}/e2e.conf`, "--verbose"]);
    assert.equal(loud.code, 0, loud.stdout + loud.stderr);
    assert.match(loud.stdout, /^ {2}· api: already healthy at /m);
  });
});
