// Starts a benchmark server process and drives it with autocannon from this one.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const HERE = dirname(fileURLToPath(import.meta.url));

export interface BenchServer {
  url: string;
  /** What the server printed after its URL on the LISTENING line. */
  extra: string[];
  /** The server process (an IPC channel when started with `ipc: true`). */
  child: ChildProcess;
  /** CPU time (user + system) the server process has used so far, in ms (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

export function cpuMsOf(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat: utime and stime in clock ticks (100 per second).
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface BenchServerOptions {
  /** Server script in this folder. @default graph-server-support.ts */
  script?: string;
  /** Arguments after the mode and seed size. */
  args?: string[];
  /** Open an IPC channel to the server process. */
  ipc?: boolean;
}

export function startBenchServer(
  mode: string,
  seedIssues = 0,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const script = options.script ?? "graph-server-support.ts";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(HERE, script), mode, String(seedIssues), ...(options.args ?? [])],
    { stdio: ["ignore", "pipe", "inherit", ...(options.ipc ? (["ipc"] as const) : [])] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`bench server (${mode}) did not start in 120 s`)),
      120_000,
    );
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /LISTENING (\S+)(.*)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          extra: m[2]!.trim().split(/\s+/).filter(Boolean),
          child,
          cpuMs: () => cpuMsOf(child.pid!),
          stop: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              child.kill("SIGKILL");
            }),
        });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server (${mode}) exited with ${code}: ${out}`));
    });
  });
}

export interface LoadResult {
  requests_per_s: number;
  ok_2xx: number;
  non_2xx: number;
  errors: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  duration_s: number;
}

export async function load(opts: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  connections: number;
  durationS: number;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? "GET",
    connections: opts.connections,
    duration: opts.durationS,
    ...(opts.body ? { body: opts.body, headers: { "content-type": "application/json" } } : {}),
  });
  const ok = r["2xx"];
  return {
    requests_per_s: Math.round(ok / opts.durationS),
    ok_2xx: ok,
    non_2xx: r.non2xx,
    errors: r.errors,
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    duration_s: opts.durationS,
  };
}
