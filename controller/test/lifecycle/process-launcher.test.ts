import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PidfileStore } from "../../src/lifecycle/cleanup/pidfile-store.js";
import { isRunning } from "../../src/lifecycle/cleanup/process-group.js";
import { type BootResult, bootServices, RequiredServiceError } from "../../src/lifecycle/index.js";
import { makeConfig } from "./helpers/make-config.js";
import { collectLog, noEngine, TINY_SERVICE, tempRoot, tinyService } from "./helpers/tiny-service.js";

const running: BootResult[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

function options(log: (line: string) => void, runId = "t1") {
  return { start: true, keep: false, reuse: false, runId, log };
}

/** Boots one service with the process launcher; the run is stopped after the test. */
async function boot(
  service: Parameters<typeof makeConfig>[1][number],
  { root = tempRoot(), log = (_: string) => {}, runId = "t1" } = {},
): Promise<BootResult> {
  const result = await bootServices(
    makeConfig(root, [service]),
    [service.name],
    options(log, runId),
    noEngine,
  );
  running.push(result);
  return result;
}

async function hits(url: string) {
  return (await (await fetch(`${url}/hits`)).json()) as { hits: number; pid: number; env: string | null };
}

/**
 * The service handles SIGUSR2 in a later turn of its event loop than the one the signal arrived
 * in: ask until a request is the first one counted after the reset (each earlier ask counts).
 */
async function expectResetSeen(url: string): Promise<void> {
  await expect.poll(async () => (await hits(url)).hits, { interval: 20 }).toBe(1);
}

describe("process launcher", () => {
  it("starts a service that is not running, with its env, and reports the URL it answers on", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny", { env: { GREETING: "hello" } });
    const { lines, log } = collectLog();
    const result = await boot(service, { root, log });
    const url = result.ready.get("tiny")!;
    expect(url).toBe(service.base_url.replace("localhost", "127.0.0.1"));
    expect(await hits(url)).toMatchObject({ hits: 1, env: "hello" });
    expect(lines.some((l) => /^tiny: healthy at .* \(process, \d+ ms after start\)$/.test(l))).toBe(true);
  });

  it("uses a service that already answers instead of starting another", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny");
    await boot(service, { root, runId: "a" });
    const { lines, log } = collectLog();
    const second = await bootServices(makeConfig(root, [service]), ["tiny"], options(log, "b"), noEngine);
    expect(second.ready.get("tiny")).toBe(service.base_url);
    expect(lines).toEqual([`tiny: already healthy at ${service.base_url}`]);
  });

  it("resets the service with SIGUSR2", async () => {
    const service = await tinyService("tiny");
    const result = await boot(service);
    const url = result.ready.get("tiny")!;
    await hits(url);
    expect((await hits(url)).hits).toBe(2);
    await result.reset("tiny");
    await expectResetSeen(url);
  });

  it("resets the service behind a wrapper (sh -c) without killing the wrapper", async () => {
    const service = await tinyService("tiny", {
      start_command: ["sh", "-c", `"${process.execPath}" "${TINY_SERVICE}"; echo wrapper-still-here`],
    });
    const root = tempRoot();
    const result = await boot(service, { root });
    const [wrapper] = new PidfileStore(root).list();
    const url = result.ready.get("tiny")!;
    const { pid: servicePid } = await hits(url);
    expect(servicePid).not.toBe(wrapper!.pid);
    await result.reset("tiny");
    await expectResetSeen(url);
    expect(isRunning(wrapper!.pid)).toBe(true);
  });

  it("does not send SIGUSR2 to a service that has no reset (it would kill it)", async () => {
    const service = await tinyService("tiny", { env: { NO_RESET: "1" } });
    const result = await boot(service);
    const url = result.ready.get("tiny")!;
    await hits(url);
    await result.reset("tiny");
    // No wait needed: a SIGUSR2 sent by reset() would be pending, and an unhandled SIGUSR2
    // kills the process before it can answer anything else.
    expect((await hits(url)).hits).toBe(2);
  });

  it("stops the process and removes its pidfile on stop()", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny");
    const result = await bootServices(
      makeConfig(root, [service]),
      ["tiny"],
      options(() => {}),
      noEngine,
    );
    const { pid } = await hits(result.ready.get("tiny")!);
    expect(readdirSync(join(root, ".cache", "e2e"))).toEqual(["t1.tiny.pid.json"]);
    await result.stop();
    expect(isRunning(pid)).toBe(false);
    expect(readdirSync(join(root, ".cache", "e2e"))).toEqual([]);
    await result.stop(); // idempotent
  });

  it("throws RequiredServiceError with the URL, the last error and the log tail when a required service crashes", async () => {
    const service = await tinyService("tiny", { env: { CRASH_AT_START: "1" } });
    const error = await bootServices(
      makeConfig(tempRoot(), [service]),
      ["tiny"],
      options(() => {}),
      noEngine,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequiredServiceError);
    const e = error as RequiredServiceError;
    expect(e.code).toBe("E2E_SERVICE_UNAVAILABLE");
    expect(e.service).toBe("tiny");
    expect(e.url).toBe(`${service.base_url.replace("localhost", "127.0.0.1")}/health`);
    expect(e.lastSeen).toBe("ECONNREFUSED");
    expect(e.logTail).toContain("tiny-service: cannot open database: permission denied");
    expect(e.message).toContain("it exited before becoming healthy (process exited with code 2)");
    expect(e.message).toContain("cannot open database");
  });

  it("gives up on a service that never becomes healthy after its startup_timeout, naming the last status", async () => {
    const service = await tinyService("tiny", { env: { UNHEALTHY: "1" }, startup_timeout: 1500 });
    const started = performance.now();
    const error = (await bootServices(
      makeConfig(tempRoot(), [service]),
      ["tiny"],
      options(() => {}),
      noEngine,
    ).catch((e: unknown) => e)) as RequiredServiceError;
    expect(error).toBeInstanceOf(RequiredServiceError);
    expect(error.lastSeen).toBe("HTTP 503");
    expect(error.message).toContain("not healthy within its startup_timeout of 1500ms");
    // The 1.5 s timeout plus starting and stopping the process, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("skips an optional service that fails, with the reason, and still boots the others", async () => {
    const good = await tinyService("good");
    const bad = await tinyService("bad", { env: { CRASH_AT_START: "1" }, required: false });
    const { lines, log } = collectLog();
    const result = await bootServices(
      makeConfig(tempRoot(), [good, bad]),
      ["good", "bad"],
      options(log),
      noEngine,
    );
    running.push(result);
    expect([...result.ready.keys()]).toEqual(["good"]);
    expect(result.skipped.get("bad")).toMatch(
      /^it exited before becoming healthy \(process exited with code 2\) \(polled http:\/\/127\.0\.0\.1:\d+\/health; last seen: ECONNREFUSED\)$/,
    );
    expect(lines.some((l) => l.startsWith("bad: skipped (optional): it exited"))).toBe(true);
  });

  it("never starts anything with start=false (--no-start)", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny", { required: false });
    const result = await bootServices(makeConfig(root, [service]), ["tiny"], {
      ...options(() => {}),
      start: false,
    });
    expect(result.ready.size).toBe(0);
    expect(result.skipped.get("tiny")).toMatch(
      /^not healthy, and --no-start forbids starting it \(polled http:\/\/localhost/,
    );
    expect(existsSync(join(root, ".cache"))).toBe(false);
  });

  it("does not start a service with auto_start false; a required one aborts the boot", async () => {
    const service = await tinyService("tiny", { auto_start: false });
    await expect(boot(service)).rejects.toThrow(
      /Service "tiny" is required but not healthy: not healthy, and auto_start is false\. Polled http:\/\/localhost:\d+\/health; last seen: ECONNREFUSED/,
    );
  });

  it("stops the services it started when a required one fails", async () => {
    const good = await tinyService("good", { required: false });
    const bad = await tinyService("bad", { env: { CRASH_AT_START: "1" } });
    const root = tempRoot();
    await expect(
      bootServices(
        makeConfig(root, [good, bad]),
        ["good", "bad"],
        options(() => {}),
        noEngine,
      ),
    ).rejects.toThrow(RequiredServiceError);
    await expect(fetch(`${good.base_url.replace("localhost", "127.0.0.1")}/health`)).rejects.toThrow();
    expect(readdirSync(join(root, ".cache", "e2e"))).toEqual([]);
  });

  it("runs a service without its backing containers when no engine answers, and says so", async () => {
    const service = await tinyService("tiny", {
      depends_on: {
        redis: { image: "gantry/redis8:local", port: 6379, env: {}, health: "tcp", url_env: "REDIS_URL" },
      },
    });
    const { lines, log } = collectLog();
    const result = await boot(service, { log });
    expect(lines).toContain(
      "tiny: no Docker engine, so starting it without redis; it uses its embedded backends",
    );
    const body = (await (await fetch(`${result.ready.get("tiny")}/hits`)).json()) as { redis: string | null };
    expect(body.redis).toBeNull();
  });

  it("with --keep leaves the process running, logs to a file, and prints the command that stops it", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny");
    const { lines, log } = collectLog();
    const result = await bootServices(
      makeConfig(root, [service]),
      ["tiny"],
      { ...options(log), keep: true },
      noEngine,
    );
    const { pid } = await hits(result.ready.get("tiny")!);
    await result.stop();
    expect(lines).toContain(
      `kept running (--keep): tiny (process, pid ${pid}); stop with: kill -TERM -- -${pid}`,
    );
    expect(isRunning(pid)).toBe(true);
    expect(readdirSync(join(root, ".cache", "e2e")).sort()).toEqual(["t1.tiny.log", "t1.tiny.pid.json"]);
    process.kill(-pid, "SIGTERM");
    await expect.poll(() => isRunning(pid)).toBe(false);
  });

  it("stops at once what it started when its signal aborts mid-boot (Ctrl-C), and rejects", async () => {
    const root = tempRoot();
    const service = await tinyService("tiny", { env: { START_DELAY_MS: "20000" }, startup_timeout: 30_000 });
    const controller = new AbortController();
    const booting = bootServices(
      makeConfig(root, [service]),
      ["tiny"],
      { ...options(() => {}), signal: controller.signal },
      noEngine,
    );
    await expect.poll(() => new PidfileStore(root).list().length).toBe(1);
    const [record] = new PidfileStore(root).list();
    const started = performance.now();
    controller.abort(new Error("SIGINT received"));
    await expect(booting).rejects.toThrow("SIGINT received");
    // Well before the service's 20 s start would end the wait, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(isRunning(record!.pid)).toBe(false);
    expect(new PidfileStore(root).list()).toEqual([]);
  });

  it("names the missing folder when maven_module does not exist", async () => {
    const service = await tinyService("tiny", { maven_module: "services/nowhere" });
    await expect(boot(service)).rejects.toThrow(
      /could not be started: folder .*services\/nowhere does not exist \(services\.tiny\.maven_module: "services\/nowhere"\)/,
    );
  });

  it("names an unknown service clearly", async () => {
    await expect(
      bootServices(
        makeConfig(tempRoot(), []),
        ["nope"],
        options(() => {}),
        noEngine,
      ),
    ).rejects.toThrow(/no service "nope" in .*e2e\.conf \(configured: none\)/);
  });
});
