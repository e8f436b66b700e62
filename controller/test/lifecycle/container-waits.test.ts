import { describe, expect, it } from "vitest";
import type { ContainerClient, ContainerInfo } from "../../src/lifecycle/container-runtime/types.js";
import { Wait } from "../../src/lifecycle/index.js";
import { FakeClock } from "../helpers/fake-clock.js";

/** Only what the container waits use: inspect and exec, answering from scripted lists. */
function scriptedClient(health: (string | undefined)[], exits: number[] = []): ContainerClient {
  const info = (h: string | undefined): ContainerInfo => ({
    id: "c0ffee000000aaaa",
    name: "x",
    running: true,
    health: h,
    exitCode: 0,
    labels: {},
    hostPort: () => undefined,
  });
  const unused = () => Promise.reject(new Error("not used"));
  return {
    inspect: async () => info(health.length > 1 ? health.shift() : health[0]),
    exec: async () => ({ exitCode: exits.length > 1 ? exits.shift()! : exits[0]!, output: "PONG" }),
    create: unused,
    start: unused,
    list: unused,
    kill: unused,
    stop: unused,
    remove: unused,
    logs: unused,
    followLogs: unused,
  };
}

describe("Wait.forHealthCheck", () => {
  it("waits for the image's HEALTHCHECK to report healthy", async () => {
    const client = scriptedClient(["starting", "starting", "healthy"]);
    const clock = new FakeClock();
    expect(
      await Wait.forHealthCheck(client, "c0ffee000000aaaa").waitUntilReady({ timeoutMs: 5000, clock }),
    ).toEqual({
      ok: true,
      seen: "health: healthy",
    });
    expect(clock.time).toBe(250);
  });

  it("times out naming the container, the limit and the last status", async () => {
    await expect(
      Wait.forHealthCheck(scriptedClient(["unhealthy"]), "c0ffee000000aaaa").waitUntilReady({
        timeoutMs: 2000,
        clock: new FakeClock(),
      }),
    ).rejects.toThrow(
      'Health status "healthy" from container c0ffee000000 not received after 2000ms (last seen: health: unhealthy)',
    );
  });

  it("says so when the image has no HEALTHCHECK", async () => {
    expect(await Wait.forHealthCheck(scriptedClient([undefined]), "c0ffee000000aaaa").probe(100)).toEqual({
      ok: false,
      seen: "image has no HEALTHCHECK",
    });
  });
});

describe("Wait.forCommand", () => {
  it("is ready when the command exits 0 inside the container", async () => {
    const wait = Wait.forCommand(scriptedClient([], [1, 1, 0]), "c0ffee000000aaaa", ["redis-cli", "ping"]);
    expect(await wait.waitUntilReady({ timeoutMs: 5000, clock: new FakeClock() })).toEqual({
      ok: true,
      seen: "exit 0: PONG",
    });
  });

  it("times out naming the command", async () => {
    const wait = Wait.forCommand(scriptedClient([], [1]), "c0ffee000000aaaa", ["redis-cli", "ping"]);
    await expect(wait.waitUntilReady({ timeoutMs: 1000, clock: new FakeClock() })).rejects.toThrow(
      "Exit code 0 of `redis-cli ping` from container c0ffee000000 not received after 1000ms (last seen: exit 1: PONG)",
    );
  });
});
