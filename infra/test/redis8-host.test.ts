// infra/images/redis8.sh gives the host a Redis 8 with vector sets, idempotently.
import { type ChildProcess, spawn } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../lib/net/free-port.js";
import { watchOutput } from "../../lib/testing/process-output.js";
import { REPO_ROOT, reportNotRun, run } from "./support/docker.js";

let wrapper = "";
let reason: string | undefined;
try {
  wrapper =
    (await run("bash", ["infra/images/redis8.sh"], { timeout: 300_000 })).stdout.trim().split("\n").at(-1) ??
    "";
} catch (error) {
  reason = `infra/images/redis8.sh could not set Redis 8 up: ${(error as Error).message.split("\n")[0]}`;
}
const notRun = reportNotRun("Redis 8 host binary (infra/images/redis8.sh)", reason);

describe.skipIf(notRun)("infra/images/redis8.sh", () => {
  it("prints the redis-server wrapper path under .cache/redis8 on its last line", () => {
    expect(wrapper).toBe(resolve(REPO_ROOT, ".cache/redis8/bin/redis-server"));
    expect(statSync(wrapper).mode & 0o111).not.toBe(0);
  });

  it("is idempotent: a second run reuses the cache and leaves the extraction untouched", async () => {
    const stamp = resolve(dirname(dirname(wrapper)), ".stamp");
    const before = statSync(stamp).mtimeMs;
    const again = await run("bash", ["infra/images/redis8.sh"]);
    expect(again.stdout.trim().split("\n").at(-1)).toBe(wrapper);
    expect(again.stderr).not.toMatch(/downloading|extracting/);
    expect(statSync(stamp).mtimeMs).toBe(before);
  });

  it("reports Redis 8", async () => {
    const { stdout } = await run(wrapper, ["--version"]);
    expect(stdout).toMatch(/Redis server v=8\./);
  });

  describe("a server started through the wrapper on an ephemeral port", () => {
    let child: ChildProcess;
    let client: Redis;
    beforeAll(async () => {
      const port = await freeLoopbackPort();
      child = spawn(wrapper, ["--port", String(port), "--bind", "127.0.0.1", "--save", ""], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      await watchOutput(child).waitFor(/Ready to accept connections/, 20_000, "Redis 8's ready line");
      client = new Redis({ port, host: "127.0.0.1" });
    });
    afterAll(async () => {
      client?.disconnect();
      child?.kill("SIGTERM");
    });

    it("answers VADD and VSIM (vector sets), nearest first", async () => {
      await client.call("VADD", "infra:vs", "VALUES", "3", "1", "0", "0", "east");
      await client.call("VADD", "infra:vs", "VALUES", "3", "0", "1", "0", "north");
      const hits = (await client.call("VSIM", "infra:vs", "VALUES", "3", "0.1", "1", "0")) as string[];
      expect(hits).toEqual(["north", "east"]);
      expect(await client.call("VCARD", "infra:vs")).toBe(2);
    });
  });
});
