// The controller's reset waits until the service shows it (X-Mock-Generation has moved), so the
// first requests of the next scenario never see the data from before the reset.
import { Agent, request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { freeLoopbackPort as freePort } from "../../../lib/net/free-port.js";
import { type BootResult, bootServices } from "../../src/lifecycle/index.js";
import { confirmedReset, ResetNotConfirmedError } from "../../src/lifecycle/launchers/confirmed-reset.js";
import { makeProject, moduleSource, pageSource, runCli } from "../helpers/project.js";
import { ensureDockerEngine, notRunTitle } from "./helpers/docker-engine.js";
import { makeConfig, makeService } from "./helpers/make-config.js";
import { REPO_ROOT } from "./helpers/repo-root.js";
import { noEngine, TINY_SERVICE, tempRoot, tinyService } from "./helpers/tiny-service.js";

const running: BootResult[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

const options = (runId: string) => ({ start: true, keep: false, reuse: false, runId, log: () => {} });

interface Answer {
  status: number;
  body: string;
  generation: string | undefined;
  reusedSocket: boolean;
}

/** One request on the given agent (one kept-alive connection), with whether it reused it. */
function call(agent: Agent, url: string, method = "GET", body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          generation: res.headers["x-mock-generation"] as string | undefined,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Adds a user over a kept-alive connection, resets through the controller, then reads the user
 * list 200 times at once on that same connection: every read must show the two seeded users.
 */
async function expectNoStaleReads(result: BootResult, url: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const created = await call(agent, `${url}/api/users`, "POST", {
      email: `stale-${Date.now()}@example.test`,
      password: "secret123",
      name: "Stale Reader",
    });
    expect(created.status).toBe(201);
    const before = created.generation;
    expect(before).toMatch(/^\d+$/);
    await result.reset("auth");
    const totals: number[] = [];
    const generations = new Set<string | undefined>();
    let reused = 0;
    for (let i = 0; i < 200; i++) {
      const read = await call(agent, `${url}/api/users`);
      totals.push((JSON.parse(read.body) as { total: number }).total);
      generations.add(read.generation);
      if (read.reusedSocket) reused++;
    }
    expect(reused).toBe(200);
    expect(totals.filter((t) => t !== 2)).toEqual([]);
    expect([...generations]).toEqual([String(Number(before) + 1)]);
  } finally {
    agent.destroy();
  }
}

describe("the controller's reset of the auth service", () => {
  it("as a process: returns only once the reset shows, so 200 immediate reads on a kept-alive connection see none of the old data", async () => {
    const port = await freePort();
    const service = makeService("auth", {
      base_url: `http://127.0.0.1:${port}`,
      port: 8765,
      launcher: "process",
      start_command: [process.execPath, "../../controller/bin/start-service.mjs", "auth"],
      env: { LOG_LEVEL: "warn" },
      timeout: 60_000,
    });
    const result = await bootServices(
      makeConfig(REPO_ROOT, [service]),
      ["auth"],
      options("cr-proc"),
      noEngine,
    );
    running.push(result);
    await expectNoStaleReads(result, result.ready.get("auth")!);
  }, 90_000);
});

/** The tiny fixture service under the process launcher, with extra env; stopped after the test. */
async function bootTiny(runId: string, overrides: Parameters<typeof tinyService>[1]): Promise<BootResult> {
  const service = await tinyService("tiny", overrides);
  const result = await bootServices(makeConfig(tempRoot(), [service]), ["tiny"], options(runId), noEngine);
  running.push(result);
  return result;
}

describe("confirmedReset", () => {
  it("says clearly when the signal was sent but the generation never moves", async () => {
    const result = await bootTiny("cr-stuck", { env: { MOCK_GENERATION: "1", STUCK_GENERATION: "1" } });
    const health = `${result.ready.get("tiny")!}/health`;
    let signalled = false;
    const error = await confirmedReset(
      "tiny",
      health,
      async () => {
        signalled = true;
        return true;
      },
      300,
    ).catch((e: unknown) => e);
    expect(signalled).toBe(true);
    expect(error).toBeInstanceOf(ResetNotConfirmedError);
    expect((error as Error).message).toMatch(
      /^tiny: the reset did not take effect: SIGUSR2 was sent, but x-mock-generation stayed 0 for \d+ ms \(last answer: HTTP 200, x-mock-generation: 0\)/,
    );
  });

  it("waits through the boot's reset for a generation that moves 300 ms after the signal", async () => {
    const result = await bootTiny("cr-moves", { env: { MOCK_GENERATION: "1", RESET_DELAY_MS: "300" } });
    const url = result.ready.get("tiny")!;
    await fetch(`${url}/hits`);
    await fetch(`${url}/hits`);
    await result.reset("tiny");
    const after = await fetch(`${url}/hits`);
    expect(after.headers.get("x-mock-generation")).toBe("1");
    expect(((await after.json()) as { hits: number }).hits).toBe(1);
  });

  it("does not wait for a service that sends no generation header", async () => {
    const result = await bootTiny("cr-plain", {});
    await expect(result.reset("tiny")).resolves.toBeUndefined();
  });
});

describe("e2e run with a service whose reset never shows", () => {
  it("marks that service's modules as errors naming the reset, instead of running them on old data", async () => {
    const port = await freePort();
    const project = makeProject({
      "e2e.conf": `general:
  environment: dev
services:
  tiny:
    base_url: http://127.0.0.1:${port}
    health_endpoint: /health
    port: ${port}
    launcher: process
    start_command: ["${process.execPath}", "${TINY_SERVICE}"]
    env: { MOCK_GENERATION: "1", STUCK_GENERATION: "1" }
`,
      "services/tiny/page.ts": pageSource(),
      "services/tiny/modules/01_health.ts": moduleSource("  return page.health();"),
    });
    try {
      const r = await runCli(["run", "--reporter", "console", "--config", `${project.dir}/e2e.conf`]);
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toMatch(
        /tiny: the reset did not take effect: SIGUSR2 was sent, but x-mock-generation stayed 0/,
      );
    } finally {
      project.remove();
    }
  }, 90_000);
});

const engine = ensureDockerEngine();
describe.runIf(engine.ok)("the controller's reset of the auth service in a container", () => {
  it("returns only once the reset shows, so 200 immediate reads on a kept-alive connection see none of the old data", async () => {
    const service = makeService("auth", {
      base_url: `http://127.0.0.1:${await freePort()}`,
      port: 8765,
      launcher: "docker",
      env: { LOG_LEVEL: "warn" },
    });
    const result = await bootServices(
      makeConfig(REPO_ROOT, [service], "cfg-confirmed-reset"),
      ["auth"],
      options("cr-docker"),
    );
    running.push(result);
    await expectNoStaleReads(result, result.ready.get("auth")!);
  }, 300_000);
});
if (!engine.ok) {
  describe(notRunTitle("the controller's reset of the auth service in a container", engine), () => {
    it.skip("returns only once the reset shows (200 immediate reads see no old data)", () => {});
  });
}
