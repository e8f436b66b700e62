// Starts the writer process (writer-process.ts) and resolves once it says it is ready. From the
// TypeScript source (tests, tsx) it runs through tsx; a bundle passes the module it ships.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FromWriter } from "./protocol.js";

export interface WriterHandlers {
  /** Every message after "ready". */
  onMessage(message: FromWriter): void;
  /** The process exited (before or after it was ready). */
  onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void;
}

/**
 * `module`: the writer's module where a bundle ships it (default: beside this file). `niceness`:
 * nice steps below this process's CPU priority the writer lowers itself by.
 */
export function forkWriter(
  module: URL | undefined,
  niceness: number,
  handlers: WriterHandlers,
): Promise<ChildProcess> {
  const fromSource = import.meta.url.endsWith(".ts");
  const file = module ?? new URL(fromSource ? "./writer-process.ts" : "./writer-process.js", import.meta.url);
  const child = fork(fileURLToPath(file), [String(niceness)], {
    serialization: "advanced",
    execArgv: fromSource && !module ? ["--import", import.meta.resolve("tsx")] : [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const failed = (why: string) => reject(new Error(`the socket writer process ${why}`));
    // Not only at start: a send to a writer that just died reports here, before its "exit".
    child.on("error", (err) => failed(`could not start: ${err.message}`));
    child.once("exit", (code, signal) => {
      failed(`exited before it was ready (${signal ?? `code ${code}`})`);
      handlers.onExit(child, code, signal);
    });
    child.on("message", (message: FromWriter) => {
      if (message.t !== "ready") return handlers.onMessage(message);
      // Neither the process nor its channel keeps the service's loop alive.
      child.unref();
      child.channel?.unref();
      resolve(child);
    });
  });
}
