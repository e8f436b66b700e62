import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Wait, WaitInterruptedError, WaitTimeoutError } from "../../src/lifecycle/index.js";
import { FakeClock } from "../helpers/fake-clock.js";

const servers: { close(cb?: () => void): unknown }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(() => r(undefined)))));
});

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return (server.address() as { port: number }).port;
}

async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

describe("Wait.forHttp", () => {
  it("is ready once the endpoint answers 2xx, after some 503s", async () => {
    let calls = 0;
    const port = await listen(
      createHttpServer((_q, res) => res.writeHead(++calls < 3 ? 503 : 200).end("{}")),
    );
    const result = await Wait.forHttp(`http://127.0.0.1:${port}/health`).waitUntilReady({ timeoutMs: 5000 });
    expect(result).toEqual({ ok: true, seen: "HTTP 200" });
    expect(calls).toBe(3);
  });

  it("times out naming what it expected, the URL, the limit and the last status", async () => {
    const port = await listen(createHttpServer((_q, res) => res.writeHead(503).end()));
    const url = `http://127.0.0.1:${port}/health`;
    const wait = Wait.forHttp(url).waitUntilReady({ timeoutMs: 3000, clock: new FakeClock() });
    await expect(wait).rejects.toThrow(
      `HTTP 2xx from ${url} not received after 3000ms (last seen: HTTP 503)`,
    );
    await expect(wait).rejects.toBeInstanceOf(WaitTimeoutError);
  });

  it("keeps the last answer seen when a later probe runs out of time before the deadline", async () => {
    // 503 once, then never an answer: the probes after it (the last one gets 50 ms) see nothing.
    let calls = 0;
    const port = await listen(
      createHttpServer((_q, res) => void (++calls === 1 && res.writeHead(503).end())),
    );
    const url = `http://127.0.0.1:${port}/health`;
    const error = await Wait.forHttp(url)
      .waitUntilReady({ timeoutMs: 400 })
      .catch((e: WaitTimeoutError) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(calls).toBeGreaterThan(1);
    expect(error).toMatchObject({ lastSeen: "HTTP 503" });
  });

  it("says no answer came when no probe got one", async () => {
    const port = await listen(createHttpServer(() => {}));
    const error = await Wait.forHttp(`http://127.0.0.1:${port}/health`)
      .waitUntilReady({ timeoutMs: 200 })
      .catch((e: WaitTimeoutError) => e);
    expect((error as WaitTimeoutError).lastSeen).toMatch(/^no answer within \d+ms$/);
  });

  it("reports a refused connection as the last thing seen", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/health`;
    const error = await Wait.forHttp(url)
      .waitUntilReady({ timeoutMs: 500, clock: new FakeClock() })
      .catch((e: WaitTimeoutError) => e);
    expect(error).toMatchObject({ lastSeen: "ECONNREFUSED", target: url, timeoutMs: 500 });
  });

  it("can expect one exact status", async () => {
    const port = await listen(createHttpServer((_q, res) => res.writeHead(204).end()));
    expect(await Wait.forHttp(`http://127.0.0.1:${port}/`, 204).probe(1000)).toEqual({
      ok: true,
      seen: "HTTP 204",
    });
    expect((await Wait.forHttp(`http://127.0.0.1:${port}/`, 200).probe(1000)).ok).toBe(false);
  });

  it("ends early with the last status seen when its signal aborts", async () => {
    const controller = new AbortController();
    // Aborted when the second probe arrives: the answer to the first has been seen by then.
    let probes = 0;
    const port = await listen(
      createHttpServer((_q, res) => {
        res.writeHead(500).end();
        if (++probes === 2) controller.abort(new Error("process exited with code 1"));
      }),
    );
    const error = await Wait.forHttp(`http://127.0.0.1:${port}/`)
      .waitUntilReady({ timeoutMs: 30_000, signal: controller.signal })
      .catch((e: WaitInterruptedError) => e);
    expect(error).toBeInstanceOf(WaitInterruptedError);
    expect(error).toMatchObject({ lastSeen: "HTTP 500" });
    expect((error as Error).message).toContain("process exited with code 1");
  });
});

describe("Wait.forTcp", () => {
  it("is ready when the port accepts a connection", async () => {
    const port = await listen(createTcpServer((socket) => socket.end()));
    expect(await Wait.forTcp("127.0.0.1", port).waitUntilReady({ timeoutMs: 2000 })).toEqual({
      ok: true,
      seen: "connected",
    });
  });

  it("times out naming the address and the limit", async () => {
    const port = await closedPort();
    await expect(
      Wait.forTcp("127.0.0.1", port).waitUntilReady({ timeoutMs: 1500, clock: new FakeClock() }),
    ).rejects.toThrow(
      `A TCP connection from 127.0.0.1:${port} not received after 1500ms (last seen: ECONNREFUSED)`,
    );
  });
});
