import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { type BootResult, bootServices, RequiredServiceError } from "../../src/lifecycle/index.js";
import {
  containersWithLabel,
  dockerInspect,
  ensureDockerEngine,
  notRunTitle,
} from "./helpers/docker-engine.js";
import { makeConfig, makeService } from "./helpers/make-config.js";
import { REPO_ROOT } from "./helpers/repo-root.js";
import { collectLog, TINY_SERVICE, tempRoot, tinyService } from "./helpers/tiny-service.js";

const engine = ensureDockerEngine();
const BUILD_TIMEOUT = 300_000;
const running: BootResult[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

const REDIS = {
  image: "gantry/redis8:local",
  port: 6379,
  env: {},
  health: "tcp" as const,
  url_env: "REDIS_URL",
  url_template: "redis://{host}:{port}",
};

async function auth(overrides: Parameters<typeof makeService>[1] = {}) {
  return makeService("auth", {
    base_url: `http://localhost:${await freeLoopbackPort()}`,
    port: 8765,
    launcher: "docker",
    env: { LOG_LEVEL: "info" },
    ...overrides,
  });
}

function runOptions(runId: string, log: (line: string) => void) {
  return { start: true, keep: false, reuse: false, runId, log };
}

describe.runIf(engine.ok)("docker launcher", () => {
  it(
    "builds the auth image from its Dockerfile, runs it labelled on 127.0.0.1, and it answers",
    async () => {
      const service = await auth();
      const config = makeConfig(REPO_ROOT, [service], "cfg-docker-1");
      const { lines, log } = collectLog();
      const result = await bootServices(config, ["auth"], runOptions("dl1", log));
      running.push(result);
      const url = result.ready.get("auth")!;
      expect(url).toBe(service.base_url.replace("localhost", "127.0.0.1"));
      const health = (await (await fetch(`${url}/health`)).json()) as { service: string };
      expect(health.service).toBe("mock-api");
      const [name] = containersWithLabel("gantry.run-id=dl1");
      expect(name).toBe("gantry-dl1-auth");
      expect(dockerInspect(name!).Config.Labels).toMatchObject({
        "gantry.run-id": "dl1",
        "gantry.config-hash": "cfg-docker-1",
        "gantry.service": "auth",
        "gantry.owner-pid": String(process.pid),
      });
      // One line for the image, built or found; a build's whole output is in its log file.
      const image = lines.filter((l) => l.startsWith("auth: ") && l.includes("image gantry/auth:e2e"));
      expect(image).toHaveLength(1);
      expect(image[0]).toMatch(
        /^auth: (image gantry\/auth:e2e is up to date|built image gantry\/auth:e2e in \d+\.\d s \(build log: \.cache\/e2e\/image-builds\/auth\.log\))/,
      );
      if (image[0]!.includes("built image"))
        expect(readFileSync(join(REPO_ROOT, ".cache/e2e/image-builds/auth.log"), "utf8")).toMatch(
          /^Step 1\/\d+ : /m,
        );
      expect(
        lines.some((l) => l.startsWith("auth: started container gantry-dl1-auth from gantry/auth:e2e")),
      ).toBe(true);

      // reset: SIGUSR2 through the Docker API brings the two seeded users back.
      const created = await fetch(`${url}/api/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "reset-me@example.test", password: "secret123", name: "Reset Me" }),
      });
      expect(created.status).toBe(201);
      await result.reset("auth");
      await expect
        .poll(async () => ((await (await fetch(`${url}/api/users`)).json()) as { total: number }).total)
        .toBe(2);

      await result.stop();
      expect(containersWithLabel("gantry.run-id=dl1")).toEqual([]);
    },
    BUILD_TIMEOUT,
  );

  it(
    "starts a backing container first on a shared network and passes its URL by container name",
    async () => {
      const service = await auth({ depends_on: { redis: REDIS } });
      const { lines, log } = collectLog();
      const result = await bootServices(makeConfig(REPO_ROOT, [service]), ["auth"], runOptions("dl2", log));
      running.push(result);
      expect(containersWithLabel("gantry.run-id=dl2").sort()).toEqual([
        "gantry-dl2-auth",
        "gantry-dl2-auth-redis",
      ]);
      const authInfo = dockerInspect("gantry-dl2-auth");
      expect(authInfo.Config.Env).toContain("REDIS_URL=redis://redis:6379");
      expect(Object.keys(authInfo.NetworkSettings.Networks)).toEqual(["gantry-dl2-auth"]);
      expect(lines.indexOf("auth: redis is healthy")).toBeLessThan(
        lines.findIndex((l) => l.startsWith("auth: started container gantry-dl2-auth ")),
      );
      await result.stop();
      expect(containersWithLabel("gantry.run-id=dl2")).toEqual([]);
    },
    BUILD_TIMEOUT,
  );

  it(
    "removes a container that never becomes healthy and reports the URL, the status and its log",
    async () => {
      const service = await auth({ health_endpoint: "/no-such-health", startup_timeout: 6000 });
      const error = (await bootServices(
        makeConfig(REPO_ROOT, [service]),
        ["auth"],
        runOptions("dl3", () => {}),
      ).catch((e: unknown) => e)) as RequiredServiceError;
      expect(error).toBeInstanceOf(RequiredServiceError);
      expect(error.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/no-such-health$/);
      expect(error.lastSeen).toBe("HTTP 404");
      expect(error.message).toContain("not healthy within its startup_timeout of 6000ms");
      // The container's own pino lines (its 404s at least) are in the tail.
      expect(error.logTail.some((l) => l.includes('"msg":'))).toBe(true);
      expect(containersWithLabel("gantry.run-id=dl3")).toEqual([]);
    },
    BUILD_TIMEOUT,
  );

  it(
    "with --keep leaves the container running and prints how to remove it; --reuse picks it up",
    async () => {
      // A base_url that is not on this machine: the container gets an ephemeral port.
      const service = await auth({ base_url: "http://auth.invalid:8765", startup_timeout: 20_000 });
      const config = makeConfig(REPO_ROOT, [service], "cfg-keep");
      const kept = collectLog();
      const first = await bootServices(config, ["auth"], { ...runOptions("dl4", kept.log), keep: true });
      await first.stop();
      const hint = kept.lines.find((l) => l.startsWith("kept running (--keep): auth"));
      expect(hint).toMatch(/; stop with: docker rm -f gantry-dl4-auth$/);
      expect(dockerInspect("gantry-dl4-auth").State.Running).toBe(true);

      const reused = collectLog();
      const second = await bootServices(config, ["auth"], { ...runOptions("dl5", reused.log), reuse: true });
      expect(second.ready.get("auth")).toBe(first.ready.get("auth"));
      expect(reused.lines).toContain(
        `auth: reusing container gantry-dl4-auth at ${first.ready.get("auth")} (--reuse)`,
      );
      await second.stop();
      expect(dockerInspect("gantry-dl4-auth").State.Running).toBe(true);

      const { execSync } = await import("node:child_process");
      execSync(hint!.split("; stop with: ")[1]!);
      expect(containersWithLabel("gantry.run-id=dl4")).toEqual([]);
    },
    BUILD_TIMEOUT,
  );
});

describe.runIf(engine.ok)("containers built from a small Dockerfile", () => {
  function tinyImageRoot(): string {
    const root = tempRoot();
    mkdirSync(join(root, "services/tiny"), { recursive: true });
    copyFileSync(TINY_SERVICE, join(root, "services/tiny/tiny-service.mjs"));
    writeFileSync(
      join(root, "services/tiny/Dockerfile"),
      // A Dockerfile, not a template: ${NODE_IMAGE} is Docker's build-arg syntax.
      [
        "ARG NODE_IMAGE=node:22-bookworm-slim",
        `FROM $\{NODE_IMAGE}`,
        "COPY services/tiny/tiny-service.mjs /app/",
        'CMD ["node", "/app/tiny-service.mjs"]',
        "",
      ].join("\n"),
    );
    return root;
  }

  async function boxedTiny(env: Record<string, string>, runId: string) {
    const root = tinyImageRoot();
    const service = makeService("tiny", {
      base_url: `http://127.0.0.1:${await freeLoopbackPort()}`,
      launcher: "docker",
      env,
    });
    const result = await bootServices(
      makeConfig(root, [service]),
      ["tiny"],
      runOptions(runId, () => {}),
    );
    running.push(result);
    return { result, url: result.ready.get("tiny")! };
  }
  const count = async (url: string) => ((await (await fetch(`${url}/hits`)).json()) as { hits: number }).hits;

  it(
    "sends SIGUSR2 through the Docker API to a service that handles it",
    async () => {
      const { result, url } = await boxedTiny({}, "rs1");
      await count(url);
      await result.reset("tiny");
      await expect.poll(() => count(url)).toBe(1);
    },
    BUILD_TIMEOUT,
  );

  it(
    "reports a container that exits while starting, with its exit code and its log",
    async () => {
      const root = tinyImageRoot();
      const service = makeService("tiny", {
        base_url: `http://127.0.0.1:${await freeLoopbackPort()}`,
        launcher: "docker",
        env: { CRASH_AT_START: "1" },
      });
      const error = (await bootServices(
        makeConfig(root, [service]),
        ["tiny"],
        runOptions("rs3", () => {}),
      ).catch((e: unknown) => e)) as RequiredServiceError;
      expect(error).toBeInstanceOf(RequiredServiceError);
      expect(error.message).toContain("it exited before becoming healthy (container exited with code 2)");
      expect(error.logTail).toContain("tiny-service: cannot open database: permission denied");
      expect(containersWithLabel("gantry.run-id=rs3")).toEqual([]);
    },
    BUILD_TIMEOUT,
  );

  it(
    "does not send it to a service without a reset, which it would kill",
    async () => {
      const { result, url } = await boxedTiny({ NO_RESET: "1" }, "rs2");
      await count(url);
      await result.reset("tiny");
      // No wait needed: a SIGUSR2 sent by reset() would be pending, and an unhandled SIGUSR2
      // kills the process before it can answer anything else.
      expect(await count(url)).toBe(2);
      expect(dockerInspect("gantry-rs2-tiny").State.Running).toBe(true);
    },
    BUILD_TIMEOUT,
  );
});

describe.runIf(engine.ok)("process launcher with a container engine", () => {
  it("runs the backing container with a published port and passes 127.0.0.1:<port>", async () => {
    const service = await tinyService("tiny", { depends_on: { redis: REDIS } });
    const root = tempRoot();
    const result = await bootServices(
      makeConfig(root, [service]),
      ["tiny"],
      runOptions("dl6", () => {}),
    );
    running.push(result);
    const body = (await (await fetch(`${result.ready.get("tiny")}/hits`)).json()) as { redis: string };
    expect(body.redis).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    const { Redis } = await import("ioredis");
    const redis = new Redis(body.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    expect(await redis.ping()).toBe("PONG");
    redis.disconnect();
    await result.stop();
    expect(containersWithLabel("gantry.run-id=dl6")).toEqual([]);
  });
});

if (!engine.ok) {
  describe(notRunTitle("docker launcher", engine), () => {
    it.skip("boots the auth service container and it answers", () => {});
    it.skip("starts backing containers first and passes their URL", () => {});
    it.skip("removes what it started on failure, --keep and --reuse", () => {});
  });
}
