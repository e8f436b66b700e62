// Runs the docker CLI for infra tests and says, by reason, when a suite cannot run here.
import { execFile } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const exec = promisify(execFile);

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a command in the repo root; rejects with its stderr in the message. */
export async function run(
  cmd: string,
  args: string[],
  opts: { timeout?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  try {
    const { stdout, stderr } = await exec(cmd, args, {
      cwd: REPO_ROOT,
      timeout: opts.timeout ?? 120_000,
      env: { ...process.env, ...opts.env },
      maxBuffer: 32 * 1024 * 1024,
    });
    return { stdout, stderr };
  } catch (error) {
    const e = error as Error & { stderr?: string };
    throw new Error(`${cmd} ${args.join(" ")} failed: ${e.message}\n${e.stderr ?? ""}`);
  }
}

async function firstFailure(checks: Array<[string[], string]>): Promise<string | undefined> {
  for (const [args, reason] of checks) {
    try {
      await run("docker", args, { timeout: 15_000 });
    } catch {
      return reason;
    }
  }
  return undefined;
}

/** Why `docker compose` cannot be used here, or undefined when it can (no engine needed). */
export function composeUnavailable(): Promise<string | undefined> {
  return firstFailure([
    [["--version"], "no docker CLI on PATH"],
    [["compose", "version"], "no docker compose plugin (make engine installs it)"],
  ]);
}

/** Why no Docker engine can be used here, or undefined when one answers. */
export function engineUnavailable(): Promise<string | undefined> {
  return firstFailure([
    [["--version"], "no docker CLI on PATH"],
    [["info"], "no Docker engine answers `docker info` (make engine starts one)"],
  ]);
}

/** Prints that a suite did not run, and why, so a skip is never silent. */
export function reportNotRun(suite: string, reason: string | undefined): boolean {
  if (reason) console.warn(`[infra] NOT RUN: ${suite} — ${reason}`);
  return Boolean(reason);
}
