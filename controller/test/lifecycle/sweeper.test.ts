import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { PidfileStore } from "../../src/lifecycle/cleanup/pidfile-store.js";
import { isRunning } from "../../src/lifecycle/cleanup/process-group.js";
import { sweepLeftovers } from "../../src/lifecycle/cleanup/sweeper.js";
import { currentOwner, processStartTime } from "../../src/lifecycle/common/owner.js";
import { collectLog, tempRoot } from "./helpers/tiny-service.js";

function detachedSleeper(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  return child.pid!;
}

/** A pid that no process has: one that ran and exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
}

function record(pid: number, owner: { pid: number; startTime: string; host: string }, keep = false) {
  return {
    service: "svc",
    runId: `run${pid}`,
    pid,
    startTime: processStartTime(pid),
    owner,
    keep,
    command: ["node"],
  };
}

describe("sweeping leftover processes", () => {
  it("stops a process whose owning CLI is gone and removes its pidfile", async () => {
    const root = tempRoot();
    const store = new PidfileStore(root);
    const pid = detachedSleeper();
    store.write(record(pid, { pid: await deadPid(), startTime: "", host: hostname() }));
    const { lines, log } = collectLog();
    const report = await sweepLeftovers(root, undefined, log, "proj");
    expect(report.processes).toEqual([`svc (pid ${pid})`]);
    expect(lines).toEqual([`cleanup: stopped leftover process svc (pid ${pid}) of run run${pid}`]);
    expect(isRunning(pid)).toBe(false);
    expect(store.list()).toEqual([]);
  });

  it("leaves alone a process whose owner still runs, and one kept with --keep", async () => {
    const root = tempRoot();
    const store = new PidfileStore(root);
    const owned = detachedSleeper();
    const kept = detachedSleeper();
    try {
      store.write(record(owned, currentOwner()));
      store.write(record(kept, { pid: await deadPid(), startTime: "", host: hostname() }, true));
      const report = await sweepLeftovers(root, undefined, () => {}, "proj");
      expect(report.processes).toEqual([]);
      expect(isRunning(owned) && isRunning(kept)).toBe(true);
      expect(store.list()).toHaveLength(2);
    } finally {
      process.kill(-owned, "SIGKILL");
      process.kill(-kept, "SIGKILL");
    }
  });

  it("does not kill an unrelated process that reused a recorded pid", async () => {
    const root = tempRoot();
    const store = new PidfileStore(root);
    const pid = detachedSleeper();
    try {
      store.write({
        ...record(pid, { pid: await deadPid(), startTime: "", host: hostname() }),
        startTime: "1",
      });
      await sweepLeftovers(root, undefined, () => {}, "proj");
      expect(isRunning(pid)).toBe(true);
      expect(store.list()).toEqual([]);
    } finally {
      process.kill(-pid, "SIGKILL");
    }
  });
});
