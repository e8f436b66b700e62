// Shared pieces of the controller benchmarks: timed child processes, medians, result files,
// and the CLI under test (built like CI builds it, into .cache/, so the working tree's dist/
// is never touched).

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const USAGE = join(ROOT, "bench/controller/report-usage.mjs");

export interface Measured {
  ms: number;
  code: number | null;
  maxRssKb?: number;
  /** User + system CPU time of the process itself (with `usage`), ms. */
  cpuMs?: number;
  stdout: string;
  stderr: string;
}

/** Runs `node ...args` and measures its wall time (and peak RSS and CPU time with `usage`). */
export function timeNode(
  args: string[],
  options: { usage?: boolean; env?: Record<string, string>; cwd?: string } = {},
): Promise<Measured> {
  const argv = options.usage ? ["--import", USAGE, ...args] : args;
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, argv, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, CI: "true", ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", fail);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      const rss = /GANTRY_BENCH_MAXRSS_KB=(\d+)/.exec(stderr);
      const cpu = /GANTRY_BENCH_CPU_US=(\d+)/.exec(stderr);
      done({
        ms,
        code,
        stdout,
        stderr,
        ...(rss ? { maxRssKb: Number(rss[1]) } : {}),
        ...(cpu ? { cpuMs: Number(cpu[1]) / 1000 } : {}),
      });
    });
  });
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export function writeResult(name: string, result: Record<string, unknown>): string {
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  const doc = {
    name,
    date: new Date().toISOString(),
    node: process.version,
    // The machine is shared: record how busy it was, to read the figures with care.
    loadavg: loadavg().map((n) => round(n)),
    ...result,
  };
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

let builtCli: string | undefined;

/**
 * The CLI as shipped: compiled with tsconfig.build.json (what `npm run build` does) into
 * .cache/bench-build. Falls back to the TypeScript source through bin/e2e.js when it cannot be built.
 */
export function cliUnderTest(): { args: string[]; label: string } {
  if (builtCli === undefined) {
    const outDir = join(ROOT, ".cache/bench-build");
    const started = Date.now();
    spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.build.json", "--outDir", outDir], {
      cwd: ROOT,
      stdio: "ignore",
    });
    const cli = join(outDir, "controller/src/cli.js");
    builtCli = existsSync(cli) && statSync(cli).mtimeMs >= started - 1000 ? cli : "";
  }
  return builtCli
    ? { args: [builtCli], label: "built (tsc -p tsconfig.build.json)" }
    : { args: [join(ROOT, "bin/e2e.js")], label: "TypeScript source via tsx (build failed)" };
}

export const SOURCE_ENV = { GANTRY_FROM_SOURCE: "1" };
