// Runs `node bin/e2e.js run` on a bench project and measures, in epoch ms (the clock the module
// and the service's pino lines also use): CLI start → first module start, and service ready →
// first module start. `readyLog` fetches the service's log while the module holds.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { listeningTime } from "./ready-time.js";

export interface CliSample {
  toFirstModule: number;
  readyToModule: number | undefined;
}

export async function runCliOnce(
  repoRoot: string,
  project: { dir: string; conf: string },
  readyLog: (output: string) => string,
): Promise<CliSample> {
  const marker = join(project.dir, "marker.txt");
  rmSync(marker, { force: true });
  const started = Date.now();
  const child = spawn(process.execPath, [join(repoRoot, "bin/e2e.js"), "run", "--reporter", "console"], {
    cwd: project.dir,
    env: { ...process.env, CI: "true", E2E_CONFIG_PATH: project.conf, MARKER_FILE: marker, HOLD_MS: "1500" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((r) => child.once("exit", r));
  while (!existsSync(marker) && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  const log = existsSync(marker) ? readyLog(output) : "";
  const code = await exited;
  if (code !== 0 || !existsSync(marker)) throw new Error(`e2e run exited ${code}:\n${output}`);
  const moduleStart = Number(readFileSync(marker, "utf8").split("\n")[0]);
  const ready = listeningTime(log);
  return {
    toFirstModule: moduleStart - started,
    readyToModule: ready === undefined ? undefined : moduleStart - ready,
  };
}
