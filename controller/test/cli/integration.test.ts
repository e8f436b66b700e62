// `e2e run` with the parts around the runner: file reporters, the "gantry" package import from
// a project with no package.json, and the lifecycle starting a service that is not running.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
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
const { project, removeAll } = projectTracker();
beforeAll(async () => {
  server = await startServer(async (req, res) => {
    sendJson(res, req.url === "/health" ? 200 : 404, { status: "healthy" });
  });
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const ok = HEALTHY_MODULE;

describe("e2e run with reporters, the gantry import and the lifecycle", () => {
  it("writes the json, junit and html reports to --report-dir; an unknown reporter is a usage error", async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": ok,
      "services/api/modules/02_wrong.ts": moduleSource(`  assert.equal(1, 2);`),
    });
    const dir = join(p.dir, "out");
    const conf = `${p.dir}/e2e.conf`;
    const r = await runCli([
      "run",
      "--no-start",
      "--config",
      conf,
      "--reporter",
      "console,json,junit,html",
      "--report-dir",
      dir,
    ]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const json = JSON.parse(readFileSync(join(dir, "e2e-report.json"), "utf8"));
    assert.equal(JSON.stringify(json).includes("02_wrong"), true);
    assert.match(readFileSync(join(dir, "junit.xml"), "utf8"), /<testsuite[^>]*name="api"/);
    assert.ok(existsSync(join(dir, "e2e-report.html")));
    const bad = await runCli(["run", "--no-start", "--config", conf, "--reporter", "tap"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /tap/);
  });

  it("runs a TypeScript reporter module of the user's own, from reporting.format or --reporter", async () => {
    const reporter = `import type { Reporter, RunResult } from "gantry";
import { mkdirSync, writeFileSync } from "node:fs";
export default class Tally implements Reporter {
  constructor(private readonly ctx: { reportDir: string }) {}
  onRunEnd(result: RunResult): void {
    mkdirSync(this.ctx.reportDir, { recursive: true });
    writeFileSync(\`\${this.ctx.reportDir}/tally.txt\`, \`\${result.summary.passed}/\${result.summary.total}\`);
  }
}
`;
    const p = project({
      "e2e.conf": confFor(
        { api: { url: server.url } },
        "reporting:\n  format: [console, ./reporters/tally.ts]\n  log_dir: out\n",
      ),
      "reporters/tally.ts": reporter,
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": ok,
    });
    // From the config: the path is the config folder's.
    const fromConfig = await runCli(["run", "--no-start", "--config", join(p.dir, "e2e.conf")]);
    assert.equal(fromConfig.code, 0, fromConfig.stdout + fromConfig.stderr);
    assert.equal(readFileSync(join(p.dir, "out/tally.txt"), "utf8"), "1/1");
    // On the command line: the working directory's; a missing module is refused before any boot.
    const dir = join(p.dir, "cli-out");
    const fromCli = await runCli(
      ["run", "--no-start", "--reporter", "./reporters/tally.ts", "--report-dir", dir],
      {
        cwd: p.dir,
      },
    );
    assert.equal(fromCli.code, 0, fromCli.stdout + fromCli.stderr);
    assert.equal(readFileSync(join(dir, "tally.txt"), "utf8"), "1/1");
    const missing = await runCli(["run", "--no-start", "--reporter", "./reporters/none.ts"], { cwd: p.dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Reporter module "[^"]*none\.ts".*no such file/);
  });

  it('lets pages and modules in a folder without package.json import the running framework as "gantry"', async () => {
    const p = project({
      "e2e.conf": confFor({ api: { url: server.url } }),
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_same_class.ts": moduleSource(
        `  assert.ok(page instanceof BasePage, "the page extends the runner's own BasePage");\n  return page.health();`,
        `import { BasePage } from "gantry";`,
      ),
      // Top-level await needs an ES module: still runs.
      "services/api/modules/02_top_level_await.ts": moduleSource(
        `  assert.equal(ready, true);\n  return page.health();`,
        `const ready = await Promise.resolve(true);`,
      ),
    });
    const r = await runCli(["run", "--no-start", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /2 passed/);
  });

  it("starts a required service that is not running with its start_command, tests it, and stops it", async () => {
    const port = await freeLoopbackPort();
    const p = project({
      "e2e.conf": confFor({
        api: {
          url: `http://127.0.0.1:${port}`,
          extra: `    launcher: process\n    start_command: ["node", "server.mjs"]\n    env:\n      PORT: "${port}"\n`,
        },
      }),
      "services/api/server.mjs": `import { createServer } from "node:http";
createServer((req, res) => { res.setHeader("content-type", "application/json"); res.end(JSON.stringify({ status: "healthy", pid: process.pid })); })
  .listen(Number(process.env.PORT), "127.0.0.1");
`,
      "services/api/page.ts": pageSource(),
      "services/api/modules/01_health.ts": ok,
    });
    const r = await runCli(["run", "--config", `${p.dir}/e2e.conf`]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ api › 01_health/);
    await assert.rejects(
      fetch(`http://127.0.0.1:${port}/health`),
      "the started service is stopped after the run",
    );
  });
});
