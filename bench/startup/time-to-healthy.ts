// One measured start: spawn a command in its own process group, poll GET /health every 10 ms,
// and report the milliseconds from spawn to the first 200, and the CPU time the group had used by
// then (Linux /proc: user + system of npm, sh and node, exited children included). On a shared,
// loaded machine the wall time mostly measures the queue for a core; the CPU time is what the
// start costs, close to its wall time on an idle machine. Then SIGTERM the group and wait for it.
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export interface StartCommand {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const POLL_MS = 10;
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

export interface StartSample {
  /** Spawn to the first 200 from /health. */
  ms: number;
  /** CPU time of the process group by then. */
  cpuMs: number;
}

/** user + system time of every process in the group, with their reaped children, in ms. */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      // utime, stime, cutime, cstime
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // Exited while we looked.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
const GIVE_UP_MS = 30_000;

function healthStatus(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", () => resolve(undefined));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

export async function timeToHealthy(start: StartCommand, port: number): Promise<StartSample> {
  const t0 = performance.now();
  const child = spawn(start.command, start.args, {
    env: { ...process.env, ...start.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  try {
    for (;;) {
      if ((await healthStatus(port)) === 200) {
        const ms = performance.now() - t0;
        return { ms, cpuMs: groupCpuMs(child.pid!) };
      }
      if (gone)
        throw new Error(
          `${start.command} ${start.args.join(" ")} exited before /health answered:\n${stderr}`,
        );
      if (performance.now() - t0 > GIVE_UP_MS) {
        throw new Error(
          `${start.command} ${start.args.join(" ")}: /health not 200 within ${GIVE_UP_MS} ms:\n${stderr}`,
        );
      }
      await sleep(POLL_MS);
    }
  } finally {
    if (!gone) {
      process.kill(-child.pid!, "SIGTERM");
      const killer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
    }
  }
}
