// The task-graph service as its own process, started the way `npm run start:task-graph` does (the
// esbuild bundle of services/task-graph/src/server.ts, rebuilt when stale; embedded store, the
// default local embedder), so what is measured of it (RSS, its log lines) is the service's alone
// and not the benchmark's. Optional `cpuProfileDir`: the process writes a V8 CPU profile
// there when it stops (node --cpu-prof); `root`: another checkout's service (a baseline in a git
// worktree); `ipc`: an IPC channel, for a preloaded helper (`nodeArgs: ["--import", file]`) to answer.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, client } from "../../services/task-graph/harness/start-service.js";
import { REPO } from "../code-graph/corpus.js";

export interface ServiceProcess extends Client {
  pid: number;
  /** Resident set size now and at its peak (VmHWM), in MiB (Linux /proc). */
  memory(): { rssMiB: number; peakMiB: number };
  /** The JSON log lines printed so far whose `msg` is `msg`. */
  logs(msg: string): Record<string, unknown>[];
  /** Resolves with the first log line with this `msg` printed after `since` lines were seen. */
  nextLog(msg: string, since: number): Promise<Record<string, unknown>>;
  /** How many log lines with this `msg` were printed so far. */
  logCount(msg: string): number;
  /** Sends `message` over the IPC channel (option `ipc`) and resolves with the next message back. */
  ask(message: string): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startServiceProcess(
  dataDir: string,
  options: { cpuProfileDir?: string; nodeArgs?: string[]; root?: string; ipc?: boolean } = {},
): Promise<ServiceProcess> {
  const root = options.root ?? REPO;
  const args = [
    ...(options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ...(options.nodeArgs ?? []),
    join(root, "controller/bin/start-service.mjs"),
    "task-graph",
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    // Folders may be registered only under CODE_REGISTER_ROOTS (off by default): the benches' are in tmp.
    env: {
      CODE_REGISTER_ROOTS: tmpdir(),
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit", ...(options.ipc ? ["ipc" as const] : [])],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    partial += chunk.toString();
    const parts = partial.split("\n");
    partial = parts.pop()!;
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        lines.push({ msg: line });
      }
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const changed = () => new Promise<void>((wake) => waiters.push(wake));
  const byMsg = (msg: string) => lines.filter((l) => l.msg === msg);
  const url = await (async () => {
    for (;;) {
      const listening = byMsg("task-graph listening")[0];
      if (listening) return String(listening.url);
      const code = await Promise.race([changed().then(() => undefined), exited]);
      if (code !== undefined) throw new Error(`task-graph exited with ${code} before listening`);
    }
  })();
  const status = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(
      readFileSync(`/proc/${child.pid}/status`, "utf8"),
    );
    return Number(m?.[1] ?? 0) / 1024;
  };
  return {
    ...client(url),
    pid: child.pid!,
    memory: () => ({ rssMiB: status("VmRSS"), peakMiB: status("VmHWM") }),
    logs: byMsg,
    logCount: (msg) => byMsg(msg).length,
    async nextLog(msg, since) {
      for (;;) {
        const found = byMsg(msg)[since];
        if (found) return found;
        await changed();
      }
    },
    ask(message) {
      if (!child.send) throw new Error("ask() needs the ipc option");
      const reply = new Promise((done) => child.once("message", done));
      child.send(message);
      return reply;
    },
    async stop() {
      // SIGTERM: a graceful stop, so --cpu-prof writes its profile.
      child.kill("SIGTERM");
      await exited;
    },
  };
}
