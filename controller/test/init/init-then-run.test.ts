// The user's first five minutes: `e2e init` in an empty folder, then `e2e run` against the real
// auth service, passes. Both through the real CLI (bin/e2e.js) in child processes.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthService, createAuthService } from "../../../services/auth/src/index.js";

const run = promisify(execFile);
const CLI = resolve(import.meta.dirname, "../../../bin/e2e.js");

let auth: AuthService;
let project: string;

beforeAll(async () => {
  auth = await createAuthService({ port: 0, host: "127.0.0.1", env: { LOG_LEVEL: "silent" } });
  project = mkdtempSync(join(tmpdir(), "gantry-init-run-"));
});

afterAll(async () => {
  await auth?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The CLI with a clean environment: only PATH, HOME in the temp dir, and what the test adds. */
function e2e(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], {
    cwd: project,
    env: { PATH: process.env.PATH ?? "", HOME: join(project, "home"), CI: "true", ...env },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? -1,
      out: `${e.stdout}${e.stderr}`,
    }),
  );
}

describe("e2e init, then e2e run", () => {
  it("passes the generated health module against the running auth service", async () => {
    const init = await e2e(["init"], {});
    expect(init.code, init.out).toBe(0);
    const result = await e2e(["run"], { API_BASE_URL: auth.url });
    expect(result.out).toContain("01_health");
    expect(result.code, result.out).toBe(0);
  }, 90_000);
});
