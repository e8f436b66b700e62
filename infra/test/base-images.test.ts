// infra/images/build.sh makes the registry-less base images, skips them when their inputs are
// unchanged, and the images work: node as a non-root user, Redis 8 with vector sets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineUnavailable, reportNotRun, run } from "./support/docker.js";

const LABEL = "gantry.test=infra-base-images";
const notRun = reportNotRun("registry-less base images (infra/images/build.sh)", await engineUnavailable());

async function imageId(tag: string): Promise<string> {
  return (await run("docker", ["image", "inspect", "-f", "{{.Id}}", tag])).stdout.trim();
}

describe.skipIf(notRun)("infra/images/build.sh", () => {
  let first: { stdout: string; stderr: string };
  beforeAll(async () => {
    first = await run("bash", ["infra/images/build.sh"], { timeout: 300_000 });
  }, 300_000);
  afterAll(async () => {
    const { stdout } = await run("docker", ["ps", "-aq", "--filter", `label=${LABEL}`]);
    const ids = stdout.split("\n").filter(Boolean);
    if (ids.length) await run("docker", ["rm", "-f", ...ids]);
  });

  it("prints the two tags on stdout", () => {
    expect(first.stdout.trim().split("\n")).toEqual(["gantry/node-base:local", "gantry/redis8:local"]);
  });

  it("is idempotent: a second run finds both images up to date and keeps their ids", async () => {
    const ids = [await imageId("gantry/node-base:local"), await imageId("gantry/redis8:local")];
    const again = await run("bash", ["infra/images/build.sh"]);
    expect(again.stderr).toMatch(/gantry\/node-base:local is up to date/);
    expect(again.stderr).toMatch(/gantry\/redis8:local is up to date/);
    expect([await imageId("gantry/node-base:local"), await imageId("gantry/redis8:local")]).toEqual(ids);
  });

  it("node-base runs the host's node major version as the non-root user node", async () => {
    const { stdout } = await run("docker", [
      "run",
      "--rm",
      "--label",
      LABEL,
      "gantry/node-base:local",
      "node",
      "-e",
      "console.log(process.versions.node.split('.')[0], process.getuid(), require('os').userInfo().username)",
    ]);
    expect(stdout.trim()).toBe(`${process.versions.node.split(".")[0]} 1000 node`);
  });

  it("redis8 serves vector sets as the non-root user redis", async () => {
    const name = `gantry-infra-redis8-${process.pid}`;
    await run("docker", ["run", "-d", "--rm", "--label", LABEL, "--name", name, "gantry/redis8:local"]);
    let pong = "";
    for (let i = 0; i < 50 && pong !== "PONG"; i++) {
      pong = (
        await run("docker", ["exec", name, "redis-cli", "ping"]).catch(() => ({ stdout: "" }))
      ).stdout.trim();
      if (pong !== "PONG") await new Promise((r) => setTimeout(r, 100));
    }
    expect(pong).toBe("PONG");
    await run("docker", ["exec", name, "redis-cli", "VADD", "v", "VALUES", "2", "1", "0", "a"]);
    const { stdout } = await run("docker", ["exec", name, "redis-cli", "VSIM", "v", "VALUES", "2", "1", "0"]);
    expect(stdout.trim()).toBe("a");
    const top = await run("docker", ["top", name, "-o", "pid,uid"]);
    expect(
      top.stdout
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(/\s+/)[1]),
    ).toEqual(["999"]);
  });
});
