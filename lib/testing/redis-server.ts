// Starts a real Redis 8 (with vector sets) for a test file, on an ephemeral loopback port, with
// persistence off. The server binary comes from infra/images/redis8.sh (trixie's Redis 8 run
// through trixie's loader, cached in .cache/redis8); REDIS_SERVER_BIN overrides the path. When
// no Redis 8 can be had, `reason` says why, so the suite can name itself as not run.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freeLoopbackPort } from "../net/free-port.js";
import { watchOutput } from "./process-output.js";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SETUP_SCRIPT = resolve(REPO_ROOT, "infra/images/redis8.sh");

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

let binary: Promise<string> | undefined;

/** Path of the redis-server wrapper, set up once per process. Rejects with the reason when unavailable. */
export function redisServerBinary(): Promise<string> {
  binary ??= locate();
  return binary;
}

async function locate(): Promise<string> {
  const override = process.env.REDIS_SERVER_BIN;
  if (override) {
    if (!existsSync(override)) throw new Error(`REDIS_SERVER_BIN=${override} does not exist`);
    return override;
  }
  if (!existsSync(SETUP_SCRIPT)) throw new Error(`${SETUP_SCRIPT} is missing`);
  try {
    const { stdout } = await promisify(execFile)("bash", [SETUP_SCRIPT], {
      cwd: REPO_ROOT,
      timeout: 180_000,
    });
    const path = stdout.trim().split("\n").pop() ?? "";
    if (!existsSync(path)) throw new Error(`infra/images/redis8.sh printed "${path}", which does not exist`);
    return path;
  } catch (error) {
    throw new Error(`infra/images/redis8.sh failed: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Resolves to a started server (on `port`, else a free one), or to the reason none could be started. */
export async function startRedis(
  options: { port?: number } = {},
): Promise<RunningRedis | { reason: string }> {
  let bin: string;
  try {
    bin = await redisServerBinary();
  } catch (error) {
    return { reason: (error as Error).message };
  }
  const port = options.port ?? (await freeLoopbackPort());
  const child = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    await watchOutput(child).waitFor(/Ready to accept connections/, 20_000, "redis-server's ready line");
  } catch (error) {
    child.kill("SIGKILL");
    return { reason: (error as Error).message };
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill("SIGTERM");
  });
}
