// Issue 24 point 3, `e2e init`: the project's name and version come from the folder's package.json
// (else its name), so the HTML report is titled after the user's project, not "Gantry 0.0.0"; the
// config written has no pause between requests (step_delay: 0, said in a comment) while a config
// that omits the key keeps the seed's 100 ms; and `tsc --noEmit` works once `npm install` has run:
// the package.json init writes lists TypeScript, and the next steps say what to run.
// All through the real CLI (bin/e2e.js, from source).
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { linkInstalled } from "../helpers/installed-suite.js";
import { makeProject, type Project, REPO_ROOT, runCli } from "../helpers/project.js";

const run = promisify(execFile);
let api: TestServer;
const projects: Project[] = [];
beforeAll(async () => {
  api = await startServer((req, res) => sendJson(res, req.url === "/health" ? 200 : 404, { status: "ok" }));
});
afterAll(async () => {
  for (const p of projects) p.remove();
  await api.close();
});

function folder(files: Record<string, string> = {}): Project {
  const p = makeProject(files);
  projects.push(p);
  return p;
}

const init = (p: Project, ...args: string[]) =>
  runCli(["init", "--name", "billing", "--base-url", api.url, ...args], { cwd: p.dir });

const repoPackage = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

describe("e2e init: the project it belongs to", () => {
  it("takes the name and version from the folder's package.json, and the HTML report is titled after them", async () => {
    const p = folder({ "package.json": JSON.stringify({ name: "billing-suite", version: "2.3.1" }) });
    const r = await init(p);
    expect(r.code, r.stderr).toBe(0);
    const conf = readFileSync(join(p.dir, "e2e.conf"), "utf8");
    expect(conf).toMatch(/^ {4}name: billing-suite +# from package\.json$/m);
    expect(conf).toMatch(/^ {4}version: "2\.3\.1" +# from package\.json$/m);
    const report = join(p.dir, "out");
    const ran = await runCli(["run", "-r", "html", "--report-dir", report], { cwd: p.dir });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    const html = readFileSync(join(report, "e2e-report.html"), "utf8");
    expect(html).toMatch(/<title>billing-suite e2e report — /);
    expect(html).not.toContain("Gantry");
  });

  it("takes the folder's name when there is no package.json, and writes one at version 1.0.0", async () => {
    const p = folder();
    expect((await init(p)).code).toBe(0);
    const config = loadConfig({ cwd: p.dir, env: { HOME: join(p.dir, "home") } });
    expect(config.general.project).toEqual({ name: basename(p.dir), version: "1.0.0" });
    expect(JSON.parse(readFileSync(join(p.dir, "package.json"), "utf8"))).toMatchObject({ version: "1.0.0" });
  });
});

describe("e2e init: step_delay", () => {
  it("writes step_delay: 0 with a comment, while a config without the key keeps the seed's 100 ms", async () => {
    const p = folder();
    expect((await init(p)).code).toBe(0);
    const conf = readFileSync(join(p.dir, "e2e.conf"), "utf8");
    expect(conf).toMatch(/^ {4}step_delay: 0 +# pause between requests of a module, ms \(default 100\)$/m);
    expect(conf).toMatch(/^ {4}# Gantry's default when step_delay is left out is 100 ms/m);
    expect(loadConfig({ cwd: p.dir, env: { HOME: p.dir } }).test_data.timing.step_delay).toBe(0);
    writeFileSync(join(p.dir, "e2e.conf"), conf.replace(/^.*step_delay: 0.*\n/m, ""));
    expect(loadConfig({ cwd: p.dir, env: { HOME: p.dir } }).test_data.timing.step_delay).toBe(100);
  });
});

/** `^7.0.2` holds `version` (same major, not older): the only form init writes. */
function caretHolds(range: string, version: string): boolean {
  const [want, have] = [range.replace(/^\^/, ""), version].map((v) => v.split(".").map(Number));
  return (
    want![0] === have![0] && (have![1]! > want![1]! || (have![1] === want![1] && have![2]! >= want![2]!))
  );
}

describe("e2e init: type-checking the suite", () => {
  it("lists TypeScript in the package.json it writes and says: npm install, then npx tsc --noEmit", async () => {
    const p = folder();
    const r = await init(p);
    expect(r.code, r.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(join(p.dir, "package.json"), "utf8"));
    expect(pkg.devDependencies).toEqual({ typescript: repoPackage.devDependencies.typescript });
    const next = r.stdout.slice(r.stdout.indexOf("Next:"));
    expect(next).toMatch(/^ {2}npm install +# the package\.json's devDependencies: TypeScript, for tsc$/m);
    expect(next).toMatch(/^ {2}npx tsc --noEmit +# type-checks page\.ts and the modules$/m);
    expect(next.indexOf("npm install")).toBeLessThan(next.indexOf("npx tsc --noEmit"));
  });

  it("tells to add TypeScript when the folder's own package.json lacks it, and leaves that file alone", async () => {
    const p = folder({ "package.json": '{"name":"mine"}\n' });
    const r = await init(p);
    expect(r.stdout).toMatch(/^ {2}npm install --save-dev typescript +# tsc, for type-checking the suite/m);
    expect(readFileSync(join(p.dir, "package.json"), "utf8")).toBe('{"name":"mine"}\n');
  });

  it("type-checks with npx tsc --noEmit once what the package.json lists is installed", async () => {
    const p = folder();
    expect((await init(p)).code).toBe(0);
    // What `npm install` of this package.json and of gantry's tarball leaves (helpers/installed-suite.ts):
    // the TypeScript it lists is this repository's, which its range holds.
    const installed = JSON.parse(
      readFileSync(join(REPO_ROOT, "node_modules/typescript/package.json"), "utf8"),
    );
    const range = JSON.parse(readFileSync(join(p.dir, "package.json"), "utf8")).devDependencies.typescript;
    expect(caretHolds(range, installed.version), `${installed.version} in ${range}`).toBe(true);
    linkInstalled(p.dir);
    const tsc = await run("npx", ["--no-install", "tsc", "--noEmit"], { cwd: p.dir }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    // And it does check: a module calling a method the page lacks is an error.
    p.write(
      "services/billing/modules/02_wrong.ts",
      'import type P from "../page.js";\nexport const run = (page: P) => page.nope();\n',
    );
    const wrong = await run("npx", ["--no-install", "tsc", "--noEmit"], { cwd: p.dir }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect((wrong as { code?: number }).code).toBeGreaterThan(0);
    expect(wrong.stdout).toContain("Property 'nope' does not exist");
  });
});
