// infra/docker/ensure-engine.sh is safe to run again: with an engine up it starts nothing new
// (a second dockerd would take the first one's bridge away) and leaves compose + buildx usable.
import { describe, expect, it } from "vitest";
import { engineUnavailable, reportNotRun, run } from "./support/docker.js";

const notRun = reportNotRun(
  "ensure-engine idempotence (needs a running engine; make engine starts one)",
  await engineUnavailable(),
);

async function dockerdPids(): Promise<string[]> {
  const { stdout } = await run("pgrep", ["-x", "dockerd"]).catch(() => ({ stdout: "" }));
  return stdout.split("\n").filter(Boolean).sort();
}

describe.skipIf(notRun)("infra/docker/ensure-engine.sh with an engine already answering", () => {
  it("starts no second dockerd and says the engine answers", async () => {
    const before = await dockerdPids();
    const { stdout, stderr } = await run("bash", ["infra/docker/ensure-engine.sh"]);
    expect(stdout).toMatch(/ensure-engine: engine \S+ answers \(compose \S+\)/);
    expect(stderr).not.toMatch(/starting dockerd|installing docker\.io/);
    expect(await dockerdPids()).toEqual(before);
  });

  it("leaves Compose v2 and buildx installed as CLI plugins", async () => {
    expect((await run("docker", ["compose", "version", "--short"])).stdout.trim()).toMatch(/^v?2\./);
    expect((await run("docker", ["buildx", "version"])).stdout).toMatch(/buildx/);
  });
});
