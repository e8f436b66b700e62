import { afterEach, describe, expect, it } from "vitest";
import { gate } from "../../testing/gate.js";
import { createServiceApp } from "../create-app.js";
import { listen, resolvePort } from "../listen.js";
import { handleShutdownSignals } from "../shutdown.js";

let detach: (() => void) | undefined;
afterEach(() => detach?.());

describe("listen", () => {
  it("honours PORT and HOST from the environment and reports the bound URL", async () => {
    const app = await createServiceApp({ name: "t", version: "0", logger: false });
    app.get("/ping", async () => ({ pong: true }));
    const url = await listen(app, { env: { PORT: "0", HOST: "127.0.0.1" }, defaultPort: 1 });
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${url}/ping`)).json()).toEqual({ pong: true });
    } finally {
      await app.close();
    }
  });

  it("rejects a PORT that is not 0..65535, naming the variable", () => {
    expect(resolvePort(undefined, 8765)).toBe(8765);
    expect(resolvePort("0", 8765)).toBe(0);
    for (const bad of ["http", "-1", "65536", "80.5"]) expect(() => resolvePort(bad, 1)).toThrow(/^PORT "/);
  });
});

describe("handleShutdownSignals", () => {
  it("on SIGTERM stops accepting, lets an in-flight request finish, then exits 0", async () => {
    const app = await createServiceApp({ name: "t", version: "0", logger: false });
    const entered = gate();
    const release = gate();
    app.get("/slow", async () => {
      entered.open();
      await release.opened;
      return { done: true };
    });
    // Fastify closes the listener as soon as its preClose hooks are done: after done() returns.
    const closing = gate();
    app.addHook("preClose", (done) => {
      done();
      closing.open();
    });
    const url = await listen(app, { port: 0, defaultPort: 0 });
    const exits: number[] = [];
    const exited = new Promise<void>((resolve) => {
      detach = handleShutdownSignals(app, {
        exit: (code) => {
          exits.push(code);
          resolve();
        },
      });
    });
    const inFlight = fetch(`${url}/slow`).then((r) => r.json());
    await entered.opened;
    process.emit("SIGTERM", "SIGTERM");
    await closing.opened;
    // No new connections, and no exit while the request is still in the handler.
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(exits).toEqual([]);
    release.open();
    expect(await inFlight).toEqual({ done: true });
    await exited;
    expect(exits).toEqual([0]);
  });

  it("exits 1 when closing takes longer than the deadline", async () => {
    const app = await createServiceApp({ name: "t", version: "0", logger: false });
    const release = gate();
    app.addHook("onClose", async () => {
      await release.opened; // a close that does not finish until the test lets it
    });
    await app.ready();
    const exited = new Promise<number>((resolve) => {
      detach = handleShutdownSignals(app, { timeoutMs: 100, exit: resolve });
    });
    process.emit("SIGINT", "SIGINT");
    expect(await exited).toBe(1);
    release.open();
  });

  it("treats SIGHUP as a stop too (both services): closes the app and exits 0", async () => {
    const app = await createServiceApp({ name: "t", version: "0", logger: false });
    let closed = false;
    app.addHook("onClose", async () => {
      closed = true;
    });
    await app.ready();
    const exited = new Promise<number>((resolve) => {
      detach = handleShutdownSignals(app, { exit: resolve });
    });
    process.emit("SIGHUP", "SIGHUP");
    expect(await exited).toBe(0);
    expect(closed).toBe(true);
  });
});
