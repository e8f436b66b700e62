// The import rules `npm run lint` enforces (.dependency-cruiser.cjs) catch what they are meant to:
// each case writes a tiny tree with the repository's layout to a temp folder and runs the real
// dependency-cruiser on it with the repository's own config.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const DEPCRUISE = join(REPO_ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const CONFIG = join(REPO_ROOT, ".dependency-cruiser.cjs");
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Writes the files (path → source) to a fresh folder and returns what the cruiser reports. */
async function violationsIn(files: Record<string, string>): Promise<Violation[]> {
  const root = mkdtempSync(join(tmpdir(), "gantry-import-rules-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const folders = [...new Set(Object.keys(files).map((p) => p.split("/")[0]!))];
  const args = [DEPCRUISE, "--config", CONFIG, "--no-cache", "--output-type", "json", ...folders];
  // depcruise exits with the number of errors; its JSON report is on stdout either way.
  const stdout = await promisify(execFile)(process.execPath, args, { cwd: root, maxBuffer: 16 << 20 }).then(
    (r) => r.stdout,
    (err: { stdout?: string }) => err.stdout ?? "",
  );
  const report = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const reportIndex = 'export { redact } from "./redact.js";\n';
const redact = "export function redact(s: string): string { return s; }\n";

describe("the import rules of npm run lint", () => {
  it("pass a tree whose imports point the right way, through each module's index.ts", async () => {
    const violations = await violationsIn({
      "controller/src/report/index.ts": reportIndex,
      "controller/src/report/redact.ts": redact,
      "controller/src/runner/index.ts": 'export { run } from "./run.js";\n',
      "controller/src/runner/run.ts": "export function run(): number { return 1; }\n",
      "controller/src/report/uses-runner.ts":
        'import { run } from "../runner/index.js";\nexport const n = run();\n',
      "controller/test/report/redact.test.ts":
        'import { redact } from "../../src/report/redact.js";\nredact("x");\n',
    });
    expect(violations).toEqual([]);
  });

  it("report an import of another module's file past its index.ts", async () => {
    const violations = await violationsIn({
      "controller/src/report/index.ts": reportIndex,
      "controller/src/report/redact.ts": redact,
      "controller/src/cli/run.ts": 'import { redact } from "../report/redact.js";\nredact("x");\n',
    });
    expect(violations).toEqual([
      {
        rule: "through-index-only",
        from: "controller/src/cli/run.ts",
        to: "controller/src/report/redact.ts",
      },
    ]);
  });

  it("report a wrong-way import: http (what pages use) into report", async () => {
    const violations = await violationsIn({
      "controller/src/report/index.ts": reportIndex,
      "controller/src/report/redact.ts": redact,
      "controller/src/http/base-page.ts": 'import { redact } from "../report/index.js";\nredact("x");\n',
    });
    expect(violations).toEqual([
      {
        rule: "http-not-to-report-runner-lifecycle",
        from: "controller/src/http/base-page.ts",
        to: "controller/src/report/index.ts",
      },
    ]);
  });

  it("report a scenario module importing its service's source, and a benchmark importing a test helper", async () => {
    const violations = await violationsIn({
      "services/auth/src/seed.ts": 'export const ADMIN = "admin@example.com";\n',
      "services/auth/modules/01_login.ts":
        'import { ADMIN } from "../src/seed.js";\nexport const who = ADMIN;\n',
      "services/auth/test/helpers.ts": "export const port = 0;\n",
      "bench/auth/run.ts":
        'import { port } from "../../services/auth/test/helpers.js";\nconsole.log(port);\n',
    });
    expect(violations.map((v) => `${v.rule}: ${v.from}`).sort()).toEqual([
      "bench-not-to-tests: bench/auth/run.ts",
      "scenarios-not-to-service-src: services/auth/modules/01_login.ts",
    ]);
  });

  it("report lib importing the controller, and the task graph's domain importing a route", async () => {
    const violations = await violationsIn({
      "controller/src/config/index.ts": "export const SECTIONS = [];\n",
      "lib/search/index.ts":
        'import { SECTIONS } from "../../controller/src/config/index.js";\nexport const n = SECTIONS;\n',
      "services/task-graph/src/routes/issues.ts": "export const PATH = '/issues';\n",
      "services/task-graph/src/domain/issues.ts":
        'import { PATH } from "../routes/issues.js";\nexport const p = PATH;\n',
    });
    expect(violations.map((v) => `${v.rule}: ${v.from}`).sort()).toEqual([
      "lib-not-to-controller-services: lib/search/index.ts",
      "task-graph-domain-not-to-routes-adapters: services/task-graph/src/domain/issues.ts",
    ]);
  });

  it("report an import cycle once, naming the module it starts from", async () => {
    const violations = await violationsIn({
      "controller/src/runner/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "controller/src/runner/b.ts": 'import { a } from "./a.js";\nexport const b = () => a;\n',
      "controller/src/runner/c.ts": 'import { a } from "./a.js";\nexport const c = a;\n',
    });
    expect(violations).toEqual([
      { rule: "no-circular", from: "controller/src/runner/a.ts", to: "controller/src/runner/b.ts" },
    ]);
  });
});
