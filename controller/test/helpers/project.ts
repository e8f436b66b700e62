// A throwaway e2e project on disk (e2e.conf, services/<name>/page.ts and modules/), and a way to
// run the real `e2e` CLI on it.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const BIN = join(REPO_ROOT, "bin/e2e.js");

export interface Project {
  dir: string;
  write(path: string, content: string): void;
  remove(): void;
}

export function makeProject(files: Record<string, string>): Project {
  const dir = mkdtempSync(join(tmpdir(), "gantry-e2e-"));
  const write = (path: string, content: string) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  for (const [path, content] of Object.entries(files)) write(path, content);
  return { dir, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    /** Sees the output as it comes, e.g. to signal the process at the right moment. */
    onStdout?: (soFar: string, child: ChildProcess) => void;
    onStderr?: (soFar: string, child: ChildProcess) => void;
    /** Gets the process as soon as it is started. */
    onSpawn?: (child: ChildProcess) => void;
  } = {},
) {
  // Test the working tree, not a dist/ that may be older than it.
  const env: Record<string, string | undefined> = {
    ...process.env,
    CI: "true",
    GANTRY_FROM_SOURCE: "1",
    ...options.env,
  };
  delete env.E2E_CONFIG_PATH;
  delete env.NO_COLOR;
  if (options.env && "E2E_CONFIG_PATH" in options.env) env.E2E_CONFIG_PATH = options.env.E2E_CONFIG_PATH;
  if (options.env && "NO_COLOR" in options.env) env.NO_COLOR = options.env.NO_COLOR;
  return new Promise<CliResult>((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? REPO_ROOT, env });
    options.onSpawn?.(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => {
      stdout += c;
      options.onStdout?.(stdout, child);
    });
    child.stderr.on("data", (c) => {
      stderr += c;
      options.onStderr?.(stderr, child);
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** A page importing BasePage the way users do, plus endpoint methods. */
export function pageSource(methods = ""): string {
  return `import { BasePage } from "gantry";
export default class Page extends BasePage {
  health() { return this.get("/health"); }
${methods}
}
`;
}

/** A module that calls page.health() and asserts a 200. */
export const HEALTHY_MODULE = moduleSource(
  `  const res = await page.health();\n  assert.equal(res.status, 200);\n  return res;`,
);

/** Makes projects for one test file and removes them all at the end (call removeAll in afterAll). */
export function projectTracker(): { project(files: Record<string, string>): Project; removeAll(): void } {
  const made: Project[] = [];
  return {
    project(files) {
      const p = makeProject(files);
      made.push(p);
      return p;
    },
    removeAll() {
      for (const p of made.splice(0)) p.remove();
    },
  };
}

/** A module whose run(page) is `body` (with `assert` from node:assert/strict in scope). */
export function moduleSource(body: string, extra = ""): string {
  return `import assert from "node:assert/strict";
${extra}
export async function run(page: any) {
${body}
}
`;
}

export function confFor(services: Record<string, { url: string; extra?: string }>, extra = ""): string {
  const blocks = Object.entries(services)
    .map(
      ([name, s]) => `  ${name}:
    base_url: ${s.url}
    health_endpoint: /health
${s.extra ?? ""}`,
    )
    .join("");
  return `general:
  environment: dev
services:
${blocks}test_data:
  timing:
    step_delay: 0
  retries:
    max_attempts: 1
    backoff_ms: 0
${extra}`;
}
