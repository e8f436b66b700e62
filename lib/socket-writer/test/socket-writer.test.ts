// A SocketWriter over real loopback connections: what a client reads is what the server wrote, in
// order, once each; a client that stops reading shows as untaken bytes; ends and cuts reach the
// client; a client that leaves is let go of; a writer process that dies drops its connections
// and the next adoption starts another.
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { getPriority } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { type RemoteSink, SocketWriter } from "../index.js";
import { WRITER_STALL_MS } from "../remote-sink.js";

interface Client {
  socket: Socket;
  text(): string;
  /** Resolves once the client has read `needle` (rejects if the connection ends first). */
  waitFor(needle: string): Promise<void>;
  ended: Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A server whose connections are handed to `writer` (with a head written locally first), and a way to connect clients. */
async function serve(
  writer: SocketWriter,
): Promise<{ server: Server; open(): Promise<[Client, RemoteSink]> }> {
  const adopted: ((sink: RemoteSink) => void)[] = [];
  const server = createServer((socket) => {
    socket.write("head\n");
    void writer.adopt(socket).then((sink) => adopted.shift()?.(sink));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(async () => {
    await writer.close();
    server.close();
  });
  const port = (server.address() as { port: number }).port;
  return {
    server,
    async open() {
      const sink = new Promise<RemoteSink>((resolve) => adopted.push(resolve));
      const socket = connect(port, "127.0.0.1");
      cleanups.push(() => void socket.destroy());
      let text = "";
      const wakers = new Set<() => void>();
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        text += chunk;
        for (const wake of [...wakers]) wake();
      });
      const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      ended.then(() => {
        for (const wake of [...wakers]) wake();
      });
      let closed = false;
      socket.once("close", () => {
        closed = true;
      });
      const waitFor = (needle: string) =>
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (text.includes(needle)) {
              wakers.delete(check);
              resolve();
            } else if (closed) {
              wakers.delete(check);
              reject(
                new Error(`the connection closed before "${needle}" arrived (got ${text.length} chars)`),
              );
            }
          };
          wakers.add(check);
          check();
        });
      return [{ socket, text: () => text, waitFor, ended }, await sink];
    },
  };
}

describe("SocketWriter", () => {
  it("delivers what is written, in order and once, to every connection it was written to", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const clients = await Promise.all([open(), open(), open()]);
    const shared = Buffer.from("shared frame\n");
    for (let i = 0; i < 50; i++) {
      for (const [, sink] of clients) sink.write(shared);
      clients[0]![1].write(`only first ${i}\n`);
    }
    for (const [, sink] of clients) sink.write("end\n");
    await Promise.all(clients.map(([client]) => client.waitFor("end\n")));
    const first = clients[0]![0].text();
    expect(first.startsWith("head\n")).toBe(true);
    expect(first.match(/shared frame\n/g)).toHaveLength(50);
    expect([...first.matchAll(/only first (\d+)/g)].map((m) => Number(m[1]))).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    // Order within one connection: each "only first i" follows the i-th shared frame.
    expect(first).toContain("shared frame\nonly first 0\nshared frame\nonly first 1\n");
    for (const [client] of clients.slice(1))
      expect(client.text()).toBe(`head\n${"shared frame\n".repeat(50)}end\n`);
    expect(writer.size).toBe(3);
  });

  it("reports what a client that stops reading leaves untaken, and drained() waits until it reads", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const [client, sink] = await open();
    client.socket.pause();
    const chunk = "x".repeat(64 * 1024);
    // Write until the kernel's buffers are full and the writer's socket holds the rest.
    for (let i = 0; !(await heldAfter(sink, chunk)); i++) {
      if (i > 2_000) throw new Error("nothing was ever held: the client's reads were not paused");
    }
    expect(sink.untaken()).toBeGreaterThan(0);
    let drained = false;
    const done = sink.drained().then(() => {
      drained = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    client.socket.resume();
    await done;
    expect(sink.untaken()).toBe(0);
  });

  it("counts what waits for a writer that stalls as untaken, once it has stalled for WRITER_STALL_MS", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const [client, sink] = await open();
    sink.write("first\n");
    await client.waitFor("first\n");
    const pid = writerPid();
    process.kill(pid, "SIGSTOP");
    try {
      const written = 64 * 1024;
      const sentAt = performance.now();
      sink.write("y".repeat(written));
      // On its way and not yet late: the writer's ordinary lag is not the reader's.
      expect(sink.untaken()).toBe(0);
      // The stopped writer acknowledges none of it: once it is late, all of it counts.
      await waitUntil(() => sink.untaken() >= written, 10_000);
      expect(performance.now() - sentAt).toBeGreaterThanOrEqual(WRITER_STALL_MS);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    await sink.drained();
    expect(sink.untaken()).toBe(0);
  });

  it("ends a connection after what it holds ('closing'), and drops one at once ('cut')", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const [ending, endingSink] = await open();
    const [cut, cutSink] = await open();
    endingSink.write("last words\n");
    endingSink.close("closing");
    await ending.ended;
    expect(ending.text()).toBe("head\nlast words\n");
    cutSink.close("cut");
    await cut.ended;
    expect(writer.size).toBe(0);
    // Closed sinks take nothing more.
    expect(endingSink.write("late\n")).toBe(0);
  });

  it("lets go of a connection whose client leaves", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const [client, sink] = await open();
    sink.write("hello\n");
    await client.waitFor("hello\n");
    client.socket.destroy();
    await waitUntil(() => writer.size === 0, 5_000);
    expect(sink.untaken()).toBe(0);
    await sink.drained();
  });

  it("drops the connections of a writer process that dies, says so, and starts another for the next", async () => {
    const exits: unknown[] = [];
    const writer = new SocketWriter({ onExit: (info) => exits.push(info) });
    const { open } = await serve(writer);
    const [first, firstSink] = await open();
    firstSink.write("before\n");
    await first.waitFor("before\n");
    const pid = writerPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, "SIGKILL");
    // Writes go on while the death is noticed: a send to a dead writer must not crash this process.
    const writing = setInterval(() => firstSink.write("after its death\n"), 1);
    await first.ended;
    clearInterval(writing);
    await waitUntil(() => exits.length === 1, 5_000);
    expect(exits[0]).toMatchObject({ signal: "SIGKILL" });
    const [second, secondSink] = await open();
    secondSink.write("after\n");
    await second.waitFor("after\n");
    expect(writerPid()).not.toBe(pid);
  });

  it("runs its writer `niceness` steps below this process's CPU priority (19 at most), and at the same one by default", async () => {
    const lowered = new SocketWriter({ niceness: 7 });
    const [client, sink] = await (await serve(lowered)).open();
    sink.write("low\n");
    await client.waitFor("low\n");
    expect(getPriority(writerPid())).toBe(Math.min(19, getPriority() + 7));
    await lowered.close();

    const same = new SocketWriter();
    const [other, otherSink] = await (await serve(same)).open();
    otherSink.write("same\n");
    await other.waitFor("same\n");
    expect(getPriority(writerPid())).toBe(getPriority());
  });

  it("stops its writer process on close(), ending the connections it holds", async () => {
    const writer = new SocketWriter();
    const { open } = await serve(writer);
    const [client, sink] = await open();
    sink.write("bye\n");
    const pid = writerPid();
    await writer.close();
    await client.ended;
    expect(client.text()).toBe("head\nbye\n");
    expect(alive(pid)).toBe(false);
  });
});

/** Writes `chunk`; true once the writer reports it held (not taken by the kernel), false once it was taken. */
function heldAfter(sink: RemoteSink, chunk: string): Promise<boolean> {
  sink.write(chunk);
  return new Promise((resolve) => {
    let settled = false;
    sink.drained().then(() => {
      settled = true;
      resolve(false);
    });
    const poll = () => {
      if (settled) return;
      if (sink.untaken() > 0) {
        settled = true;
        resolve(true);
      } else setTimeout(poll, 5);
    };
    poll();
  });
}

/** The writer process: this test process's only child running writer-process. */
function writerPid(): number {
  const out = execFileSync("pgrep", ["-P", String(process.pid), "-f", "writer-process"], {
    encoding: "utf8",
  });
  const pids = out.trim().split("\n").filter(Boolean).map(Number);
  expect(pids).toHaveLength(1);
  return pids[0]!;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
