// The README's start commands (`npm run start:auth`, `npm run start:task-graph`) run the bundle
// start-service.mjs keeps current, not the TypeScript source through a loader.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { eventually } from "../../src/http/eventually.js";
import { REPO_ROOT } from "./helpers/repo-root.js";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  }
});

/** Command lines of the processes in a process group (Linux /proc). */
function groupCommandLines(pgid: number): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp === pgid)
        lines.push(readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim());
    } catch {
      // Exited while we looked.
    }
  }
  return lines;
}

describe("npm run start:* (the README's start commands)", () => {
  it.each([
    ["start:auth", "mock-api"],
    ["start:task-graph", "task-graph"],
  ])(
    "%s answers /health from the bundle, with no TypeScript loader in its processes",
    async (script, service) => {
      const port = await freeLoopbackPort();
      const child = spawn("npm", ["run", "-s", script], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          LOG_LEVEL: "warn",
          DATA_DIR: mkdtempSync(join(tmpdir(), "start-")),
        },
        stdio: ["ignore", "ignore", "pipe"],
        detached: true,
      });
      started.push(child);
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const health = await eventually(
        async () => (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { service: string },
        { timeoutMs: 60_000, intervalMs: 50 },
      );
      expect(health.service).toBe(service);
      const commands = groupCommandLines(child.pid!);
      expect(commands.some((c) => c.includes("controller/bin/start-service.mjs"))).toBe(true);
      expect(commands.filter((c) => /tsx/.test(c))).toEqual([]);
      expect(stderr).not.toMatch(/through tsx/);
    },
    90_000,
  );
});
