// The pidfile store is read by every run that starts (it looks for processes a dead run left)
// while other runs in other processes write theirs: a reader must never see half a record.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PidfileStore, type PidRecord } from "../../src/lifecycle/cleanup/pidfile-store.js";
import { currentOwner } from "../../src/lifecycle/common/owner.js";
import { tempRoot } from "./helpers/tiny-service.js";

const record: PidRecord = {
  service: "api",
  runId: "run1",
  pid: process.pid,
  startTime: "1",
  owner: currentOwner(),
  keep: false,
  // Long enough that a write is more than one step for the kernel to interleave with a read.
  command: Array.from({ length: 2000 }, (_, i) => `--arg-${i}`),
};

describe("pidfile store", () => {
  it("never lets a run listing the folder drop a record another process is rewriting", async () => {
    const root = tempRoot();
    const store = new PidfileStore(root);
    store.write(record);
    const writer = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import { PidfileStore } from ${JSON.stringify(new URL("../../src/lifecycle/cleanup/pidfile-store.ts", import.meta.url).pathname)};
         const store = new PidfileStore(${JSON.stringify(root)});
         const record = JSON.parse(process.env.RECORD);
         for (let i = 0; i < 1000; i++) store.write(record);`,
      ],
      { env: { ...process.env, RECORD: JSON.stringify(record) }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const done = new Promise<number | null>((resolve) => writer.once("exit", resolve));
    let running = true;
    void done.then(() => {
      running = false;
    });
    let lists = 0;
    while (running) {
      expect(store.list().map((r) => r.service)).toEqual(["api"]);
      lists++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await done).toBe(0);
    expect(lists).toBeGreaterThan(0);
    expect(store.list()).toEqual([record]);
  });
});
