import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import type { PidRecord } from "../../src/lifecycle/cleanup/pidfile-store.js";
import { isRunning } from "../../src/lifecycle/cleanup/process-group.js";
import { makeCliProject } from "./helpers/cli-project.js";
import { containersWithLabel, ensureDockerEngine, notRunTitle } from "./helpers/docker-engine.js";

const engine = ensureDockerEngine();
const TIMEOUT = 240_000;

async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not seen after ${timeoutMs}ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pidRecords(dir: string): PidRecord[] {
  const cache = join(dir, ".cache", "e2e");
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .filter((n) => n.endsWith(".pid.json"))
    .map((n) => JSON.parse(readFileSync(join(cache, n), "utf8")) as PidRecord);
}

function markerLines(path: string): number {
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).length : 0;
}

describe("e2e run cleanup (process launcher)", () => {
  it(
    "leaves no process behind after a normal run",
    async () => {
      const project = makeCliProject({ tiny: await freeLoopbackPort() });
      const run = project.run();
      const { code } = await run.exited;
      expect(run.output()).toContain("tiny: healthy at");
      expect(code).toBe(0);
      expect(pidRecords(project.dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "stops what it started when the CLI gets SIGTERM mid-run",
    async () => {
      const project = makeCliProject({ tiny: await freeLoopbackPort() });
      const run = project.run({ HOLD_MS: "3000" });
      await until(() => markerLines(project.marker) > 0, "the module starting");
      const [record] = pidRecords(project.dir);
      expect(isRunning(record!.pid)).toBe(true);
      run.child.kill("SIGTERM");
      await run.exited;
      expect(isRunning(record!.pid)).toBe(false);
      expect(pidRecords(project.dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "after the CLI is killed with SIGKILL, the next run removes the leftover process before it starts",
    async () => {
      const project = makeCliProject({ tiny: await freeLoopbackPort() });
      const killed = project.run({ HOLD_MS: "60000" });
      await until(() => markerLines(project.marker) > 0, "the module starting");
      killed.child.kill("SIGKILL");
      await killed.exited;
      const [leftover] = pidRecords(project.dir);
      expect(isRunning(leftover!.pid)).toBe(true);

      const next = project.run();
      const { code } = await next.exited;
      expect(code).toBe(0);
      expect(next.output()).toContain(
        `cleanup: stopped leftover process tiny (pid ${leftover!.pid}) of run ${leftover!.runId}`,
      );
      expect(isRunning(leftover!.pid)).toBe(false);
      expect(pidRecords(project.dir)).toEqual([]);
    },
    TIMEOUT,
  );
});

describe.runIf(engine.ok)("e2e run cleanup (docker launcher)", () => {
  it(
    "removes its containers on SIGTERM, and sweeps them by label after a SIGKILL",
    async () => {
      const project = makeCliProject({ tiny: await freeLoopbackPort(), boxed: await freeLoopbackPort() });
      const terminated = project.run({ HOLD_MS: "3000" });
      await until(() => markerLines(project.marker) > 0, "the first module starting", 200_000);
      const runId = /gantry-([a-z0-9]+)-boxed/.exec(terminated.output())?.[1];
      expect(containersWithLabel(`gantry.run-id=${runId}`)).toEqual([`gantry-${runId}-boxed`]);
      terminated.child.kill("SIGTERM");
      await terminated.exited;
      expect(containersWithLabel(`gantry.run-id=${runId}`)).toEqual([]);

      const killed = project.run({ HOLD_MS: "60000" });
      await until(() => markerLines(project.marker) > 1, "the module starting again");
      killed.child.kill("SIGKILL");
      await killed.exited;
      const killedRun = /gantry-([a-z0-9]+)-boxed/.exec(killed.output())?.[1];
      expect(containersWithLabel(`gantry.run-id=${killedRun}`)).toEqual([`gantry-${killedRun}-boxed`]);

      const next = project.run();
      const { code } = await next.exited;
      expect(next.output()).toContain(
        `cleanup: removed leftover container gantry-${killedRun}-boxed of run ${killedRun}`,
      );
      expect(code).toBe(0);
      expect(containersWithLabel(`gantry.run-id=${killedRun}`)).toEqual([]);
      // The run that ended normally removed its own containers too.
      expect(containersWithLabel("gantry.service=boxed")).toEqual([]);
    },
    TIMEOUT,
  );
});

describe.runIf(engine.ok)("e2e run cleanup on an engine shared by two projects", () => {
  it(
    "sweeps only its own project's leftovers: another project's container stays until that project runs",
    async () => {
      const other = makeCliProject({ tiny: await freeLoopbackPort(), boxed: await freeLoopbackPort() });
      const mine = makeCliProject({ tiny: await freeLoopbackPort(), boxed: await freeLoopbackPort() });
      const killed = other.run({ HOLD_MS: "60000" });
      await until(() => markerLines(other.marker) > 0, "the other project's module starting", 200_000);
      killed.child.kill("SIGKILL");
      await killed.exited;
      const otherRun = /gantry-([a-z0-9]+)-boxed/.exec(killed.output())?.[1];
      expect(containersWithLabel(`gantry.run-id=${otherRun}`)).toEqual([`gantry-${otherRun}-boxed`]);

      const run = mine.run();
      const { code } = await run.exited;
      expect(code, run.output()).toBe(0);
      expect(run.output()).not.toContain(`gantry-${otherRun}-boxed`);
      expect(containersWithLabel(`gantry.run-id=${otherRun}`)).toEqual([`gantry-${otherRun}-boxed`]);

      const again = other.run();
      const second = await again.exited;
      expect(again.output()).toContain(
        `cleanup: removed leftover container gantry-${otherRun}-boxed of run ${otherRun}`,
      );
      expect(second.code).toBe(0);
      expect(containersWithLabel(`gantry.run-id=${otherRun}`)).toEqual([]);
    },
    TIMEOUT * 2,
  );
});

if (!engine.ok) {
  describe(notRunTitle("e2e run cleanup (docker launcher)", engine), () => {
    it.skip("removes its containers on SIGTERM, and sweeps them by label after a SIGKILL", () => {});
    it.skip("sweeps only its own project's leftovers: another project's container stays until that project runs", () => {});
  });
}
