// Docker-dependent tests start the engine themselves (infra/docker/ensure-engine.sh) and build
// the registry-less base images (infra/images/build.sh); when that is impossible they report,
// by name, that they did not run.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "./repo-root.js";

export type EngineStatus = { ok: true } | { ok: false; reason: string };

let status: EngineStatus | undefined;

export function ensureDockerEngine(): EngineStatus {
  status ??= probe();
  return status;
}

function probe(): EngineStatus {
  try {
    if (!answers()) {
      execFileSync("bash", [join(REPO_ROOT, "infra/docker/ensure-engine.sh")], {
        stdio: "pipe",
        timeout: 180_000,
      });
    }
    execFileSync("bash", [join(REPO_ROOT, "infra/images/build.sh"), "all"], {
      stdio: "pipe",
      timeout: 300_000,
    });
    return { ok: true };
  } catch (error) {
    const err = error as { stderr?: Buffer; message: string };
    const reason = (err.stderr?.toString().trim().split("\n").at(-1) || err.message).slice(0, 200);
    return { ok: false, reason };
  }
}

function answers(): boolean {
  try {
    execFileSync("docker", ["info"], { stdio: "ignore", timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Title for a describe block that could not run, and a console line saying so. */
export function notRunTitle(suite: string, engine: EngineStatus): string {
  if (engine.ok) return suite;
  const title = `${suite} (not run: no Docker engine: ${engine.reason})`;
  console.warn(`NOT RUN: ${title}`);
  return title;
}

/** Containers carrying a label, via the docker CLI (independent of the code under test). */
export function containersWithLabel(label: string): string[] {
  const out = execFileSync("docker", ["ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}"], {
    encoding: "utf8",
  });
  return out.split("\n").filter(Boolean);
}

export function dockerInspect(name: string): {
  Config: { Labels: Record<string, string>; Env: string[] };
  State: { Running: boolean };
  NetworkSettings: { Networks: Record<string, unknown> };
} {
  return JSON.parse(execFileSync("docker", ["inspect", name], { encoding: "utf8" }))[0];
}
