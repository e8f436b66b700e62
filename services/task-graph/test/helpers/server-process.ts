// Runs the service as `npm run start:task-graph` does (its own process, real signals, real
// files), on an ephemeral loopback port, and waits for the URL it logs when listening.
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { watchOutput } from "../../../../lib/testing/process-output.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves once the process has written `text`: a log line can arrive after the response it preceded. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server with `env` added to this process's environment; `args` go to server.ts,
 * `nodeArgs` to node (a heap limit, so a test of memory bounds cannot take the machine down).
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const argv = [...nodeArgs, "--import", "tsx", "services/task-graph/src/server.ts", ...args];
  const child = spawn(process.execPath, argv, {
    cwd: REPO,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = watchOutput(child);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    return exited;
  };
  // tsx compiles on start; on a loaded 2-core machine that has taken over 10 s.
  return output.waitFor(/"url":"(http:\/\/[^"]+)"/, 60_000, "the listening URL").then(
    ([, url]) => ({
      url: url!,
      child,
      output: output.text,
      waitForOutput: async (text, timeoutMs = 30_000) => {
        await output.waitFor(text, timeoutMs);
      },
      stop,
    }),
    (error: unknown) => {
      if (child.exitCode !== null)
        throw new Error(`server exited with ${child.exitCode} before listening:\n${output.text()}`);
      child.kill("SIGKILL");
      throw error;
    },
  );
}
