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
    it(`stops what it started on ${signal}, then ends by that signal`, async () => {
      const root = tempRoot();
      const config = makeConfig(root, [await tinyService("tiny")]);
      const child = spawn(process.execPath, ["--import", "tsx", DRIVER], {
        env: { ...process.env, BOOT_CONFIG: JSON.stringify({ config, services: ["tiny"], runId: "lib1" }) },
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
      const [record] = new PidfileStore(root).list();
      expect(isRunning(record!.pid)).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(isRunning(record!.pid)).toBe(false);
      expect(new PidfileStore(root).list()).toEqual([]);
    });
  }
});
