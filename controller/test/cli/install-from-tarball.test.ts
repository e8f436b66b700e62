// "Use it in your project" (SPEC §3b, issue 13 point 1): `npm pack` of this repository, installed
// into an empty folder, gives a working `e2e` there: `npx e2e init` writes a suite for the user's
// API and `npx e2e run` passes it, with the bin, the "gantry" import and the TypeScript loader all
// resolved from the installed package (no repository source in it). Slow (it packs and installs);
// the package's dependencies come from the local npm cache when they are there.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { REPO_ROOT } from "../helpers/project.js";

const SLOW = 900_000;
let api: TestServer;
const work = mkdtempSync(join(tmpdir(), "gantry-tarball-"));
const project = join(work, "my-suite");

beforeAll(async () => {
  api = await startServer(async (req, res) =>
    req.url === "/health" ? sendJson(res, 200, { status: "ok" }) : sendJson(res, 404, {}),
  );
});
afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A command with the user's environment, minus anything that points at this repository. */
function sh(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  const { GANTRY_FROM_SOURCE: _s, E2E_CONFIG_PATH: _c, NODE_OPTIONS: _n, ...env } = process.env;
  return new Promise((done) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...env, CI: "true" }, timeout: SLOW, maxBuffer: 32 << 20 },
      (err, stdout, stderr) =>
        done({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe("installing the packed tarball into an empty folder", () => {
  it(
    "runs npx e2e init and npx e2e run there against the user's API, from the installed package",
    async () => {
      // Packs the dist/ that `npm ci` / `npm run build` made, without the prepare script: a rebuild
      // here would rewrite dist/ under the CLI tests running beside this one. A stale dist/ would
      // pack old code, so that is refused with the fix.
      const current = await sh("node", ["bin/e2e.js", "--help"], REPO_ROOT);
      expect(current.out, "dist/ is older than the source: run npm run build first").not.toMatch(
        /older than the source/,
      );
      const pack = await sh(
        "npm",
        ["pack", "--ignore-scripts", "--pack-destination", work, "--silent"],
        REPO_ROOT,
      );
      expect(pack.code, pack.out).toBe(0);
      const tarball = readdirSync(work).find((f) => /^gantry-.*\.tgz$/.test(f));
      expect(tarball, pack.out).toBeDefined();

      await sh("mkdir", ["-p", project], work);
      const install = await sh(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", join(work, tarball!)],
        project,
      );
      expect(install.code, install.out).toBe(0);
      const installed = join(project, "node_modules/gantry");
      // Only the built package: nothing to fall back on from this repository.
      expect(existsSync(join(installed, "controller/src"))).toBe(false);
      expect(existsSync(join(installed, "dist/controller/src/index.d.ts"))).toBe(true);
      expect(realpathSync(join(project, "node_modules/.bin/e2e"))).toBe(
        join(realpathSync(installed), "bin/e2e.js"),
      );

      // --no-install: the local bin or nothing (a bare `npx e2e` fetched an unrelated package).
      const init = await sh(
        "npx",
        ["--no-install", "e2e", "init", "--name", "myapi", "--base-url", api.url, "--health", "/health"],
        project,
      );
      expect(init.code, init.out).toBe(0);
      for (const f of [
        "e2e.conf",
        "services/myapi/page.ts",
        "services/myapi/modules/01_health.ts",
        "tsconfig.json",
      ])
        expect(existsSync(join(project, f)), f).toBe(true);

      const run = await sh("npx", ["--no-install", "e2e", "run"], project);
      expect(run.out).toContain("01_health");
      expect(run.code, run.out).toBe(0);
      expect(api.received.some((r) => r.url === "/health")).toBe(true);
    },
    SLOW,
  );
});
