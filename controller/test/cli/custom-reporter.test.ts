// A reporter of the user's own, in TypeScript, typed with the package's exported `Reporter`
// interface, named by path on the command line and in reporting.format. Real CLI, real server.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, HEALTHY_MODULE, pageSource, projectTracker, runCli } from "../helpers/project.js";

let server: TestServer;
const { project, removeAll } = projectTracker();
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { status: "healthy" }));
});
afterAll(async () => {
  removeAll();
  await server.close();
});

// The example of docs/writing-suites.md, writing next to the working directory.
const REPORTER = `import { appendFileSync } from "node:fs";
import type { ModuleResult, Reporter, RunResult } from "gantry";

export default class SummaryLine implements Reporter {
  private failed: string[] = [];
  onModuleResult(r: ModuleResult) {
    if (r.status === "failed" || r.status === "error") this.failed.push(\`\${r.service}/\${r.module}\`);
  }
  onRunEnd(result: RunResult) {
    const s = result.summary;
    appendFileSync("e2e-summary.txt", \`\${s.passed}/\${s.total} passed; failed: \${this.failed.join(", ") || "none"}\\n\`);
  }
}
`;

function suite(format?: string) {
  return project({
    "e2e.conf": confFor({ api: { url: server.url } }, format ? `reporting:\n  format: [${format}]\n` : ""),
    "services/api/page.ts": pageSource(),
    "services/api/modules/01_health.ts": HEALTHY_MODULE,
    "reporters/summary-line.ts": REPORTER,
  });
}

describe("custom reporters by path", () => {
  it("runs a TypeScript Reporter class named with --reporter, beside a built-in one", async () => {
    const p = suite();
    const r = await runCli(
      ["run", "--no-start", "-c", "e2e.conf", "--reporter", "console,./reporters/summary-line.ts"],
      {
        cwd: p.dir,
      },
    );
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ api › 01_health/);
    assert.equal(readFileSync(join(p.dir, "e2e-summary.txt"), "utf8"), "1/1 passed; failed: none\n");
  }, 60_000);

  it("finds a reporter named in reporting.format from the config file's folder", async () => {
    const p = suite("./reporters/summary-line.ts");
    // From another folder: ./reporters is not under the working directory, only under the config's.
    const elsewhere = join(p.dir, "services");
    const r = await runCli(["run", "--no-start", "-c", join(p.dir, "e2e.conf")], { cwd: elsewhere });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(join(elsewhere, "e2e-summary.txt"), "utf8"), "1/1 passed; failed: none\n");
  }, 60_000);
});
