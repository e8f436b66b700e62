import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PidfileStore } from "../../src/lifecycle/cleanup/pidfile-store.js";
import { isRunning } from "../../src/lifecycle/cleanup/process-group.js";
import { makeConfig } from "./helpers/make-config.js";
import { tempRoot, tinyService } from "./helpers/tiny-service.js";

const DRIVER = fileURLToPath(new URL("./fixtures/boot-and-hold.ts", import.meta.url));

describe("bootServices used as a library", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops what two runs in one process started on ${signal}, then ends by that signal`, async () => {
      const root = tempRoot();
      const runs = [
        { config: makeConfig(root, [await tinyService("tiny")]), services: ["tiny"], runId: "lib1" },
        { config: makeConfig(root, [await tinyService("other")]), services: ["other"], runId: "lib2" },
      ];
      const child = spawn(process.execPath, ["--import", "tsx", DRIVER], {
        env: { ...process.env, BOOT_CONFIGS: JSON.stringify(runs) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_c, s) => r(s)));
      let out = "";
      await new Promise<void>((resolve) =>
        child.stdout.on("data", (c) => {
          out += c;
          if (out.includes("READY")) resolve();
        }),
      );
      const records = new PidfileStore(root).list();
      expect(records.map((r) => r.service).sort()).toEqual(["other", "tiny"]);
      expect(records.every((r) => isRunning(r.pid))).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(records.some((r) => isRunning(r.pid))).toBe(false);
      expect(new PidfileStore(root).list()).toEqual([]);
    });
  }
});
