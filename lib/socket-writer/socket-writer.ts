// Writes to many TCP connections from a child process (writer-process.ts), for a server that sends
// the same bytes to many of them (the task graph's event stream): each send to a connection is a
// system call that also delivers the bytes (on loopback, wakes the reader), and with 200
// subscribers those sends took a sixth of the service's loop while writers waited on it. Here the
// service's loop sends one message per distinct chunk; the writer process makes the sends, on
// another core when there is one.
// A connection is handed over with its handle kept open here (keepOpen): this process still reads
// it, so its "close" still tells the server when the client leaves, but only the writer writes.
// Writes in one turn of the loop that carry the same chunk (the same Buffer, or equal text) go as
// one message, in the order they were made. What each connection's socket holds in the writer is
// reported back, so a server can cut off a reader that stops reading (bounded memory) as it would
// with a local socket, and wait for a connection to take a page before it sends the next.
import { type ChildProcess, fork } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { FromWriter, ToWriter } from "./protocol.js";

/** A connection written by the writer process (the shape of a local stream's sink). */
export interface RemoteSink {
  /** Hands `chunk` over; returns the bytes on their way to the connection or held for it. */
  write(chunk: string | Uint8Array): number;
  /**
   * The bytes the writer's socket held for the connection at its last report: what the reader
   * has not taken. Not what is on its way to the writer (that is the writer's lag, not the reader's).
   */
  untaken(): number;
  /** Resolves once the connection has taken what it was handed (or is gone). */
  drained(): Promise<void>;
  /** "cut": drop the connection and what it holds; "closing": end it once it is written. */
  close(why: "cut" | "closing"): void;
}

export interface SocketWriterOptions {
  /** The writer process's module, where a bundle ships it (default: beside this file). */
  module?: URL;
  /** Told when the writer process exits without being asked to (its connections were dropped). */
  onExit?(info: { code: number | null; signal: NodeJS.Signals | null }): void;
}

/** How long close() waits for the writer to finish what it holds before it is killed. */
const CLOSE_WAIT_MS = 3_000;

interface Outgoing {
  chunk: string | Uint8Array;
  bytes: number;
  sinks: Sink[];
}

class Sink implements RemoteSink {
  /** Bytes sent to the writer and not acknowledged yet. */
  inflight = 0;
  /** Bytes the writer's socket held at its last report. */
  held = 0;
  closed = false;
  /** The outgoing message this sink last joined (a chunk goes to a sink once per message). */
  joined: Outgoing | null = null;
  waiters: (() => void)[] = [];

  constructor(
    private readonly writer: SocketWriter,
    readonly id: number,
    readonly socket: Socket,
  ) {}

  write(chunk: string | Uint8Array): number {
    if (this.closed) return 0;
    this.writer.enqueue(this, chunk);
    return this.outstanding();
  }

  untaken(): number {
    return this.closed ? 0 : this.held;
  }

  /** Bytes on their way to the writer or held by its socket. */
  outstanding(): number {
    return this.closed ? 0 : this.inflight + this.held;
  }

  drained(): Promise<void> {
    if (this.outstanding() === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(why: "cut" | "closing"): void {
    this.writer.release(this, why === "cut");
  }

  /** Wakes drained() callers once nothing is outstanding. */
  settle(): void {
    if (this.outstanding() > 0 || this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export class SocketWriter {
  #child: ChildProcess | null = null;
  #starting: Promise<ChildProcess> | null = null;
  readonly #sinks = new Map<number, Sink>();
  readonly #inflight = new Map<number, Outgoing>();
  #outbox: Outgoing[] = [];
  #sendQueued = false;
  #nextId = 1;
  #seq = 0;
  #closing = false;

  constructor(private readonly options: SocketWriterOptions = {}) {}

  /** Connections now written by the writer process. */
  get size(): number {
    return this.#sinks.size;
  }

  /**
   * Hands `socket` to the writer process (started on first use). What this process wrote to it
   * before is flushed first. Rejects when the writer cannot start: write the socket locally then.
   */
  async adopt(socket: Socket): Promise<RemoteSink> {
    const child = await this.#start();
    if (socket.writableLength > 0) await new Promise((done) => socket.once("drain", done));
    const sink = new Sink(this, this.#nextId++, socket);
    const handle = handleOf(socket);
    if (socket.destroyed || !handle) {
      sink.closed = true;
      return sink;
    }
    this.#sinks.set(sink.id, sink);
    child.send({ t: "adopt", id: sink.id } satisfies ToWriter, handle as never, { keepOpen: true });
    socket.once("close", () => this.release(sink, true));
    return sink;
  }

  /** Ends every connection, then stops the writer process (killed if it takes too long). */
  async close(): Promise<void> {
    this.#closing = true;
    for (const sink of [...this.#sinks.values()]) this.release(sink, false);
    const child = this.#child;
    if (!child) return;
    this.#send();
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.send({ t: "exit" } satisfies ToWriter);
    const timer = setTimeout(() => child.kill("SIGKILL"), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  /** @internal Queues `chunk` for `sink`, joining this turn's last message when it carries the same chunk. */
  enqueue(sink: Sink, chunk: string | Uint8Array): void {
    const last = this.#outbox.at(-1);
    const bytes = typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (last && last.chunk === chunk && sink.joined !== last) last.sinks.push(sink);
    else this.#outbox.push({ chunk, bytes, sinks: [sink] });
    sink.joined = this.#outbox.at(-1)!;
    sink.inflight += bytes;
    if (!this.#sendQueued) {
      this.#sendQueued = true;
      queueMicrotask(() => this.#send());
    }
  }

  /** @internal The sink is done: the writer drops (`cut`) or ends it, and this process's handle closes. */
  release(sink: Sink, cut: boolean): void {
    if (sink.closed) return;
    // Messages already queued for it go first: an end must not overtake them.
    this.#send();
    sink.closed = true;
    this.#sinks.delete(sink.id);
    this.#child?.send({ t: "close", id: sink.id, cut } satisfies ToWriter);
    // Only this process's handle: the connection stays open until the writer closes its own.
    sink.socket.destroy();
    sink.settle();
  }

  #send(): void {
    this.#sendQueued = false;
    const outbox = this.#outbox;
    this.#outbox = [];
    const child = this.#child;
    for (const out of outbox) {
      const seq = ++this.#seq;
      const live = out.sinks.filter((s) => !s.closed);
      if (!child || live.length === 0) continue;
      this.#inflight.set(seq, { ...out, sinks: live });
      child.send({ t: "write", seq, ids: live.map((s) => s.id), chunk: out.chunk } satisfies ToWriter);
    }
  }

  #onMessage(message: FromWriter): void {
    if (message.t === "ack") {
      const out = this.#inflight.get(message.seq);
      this.#inflight.delete(message.seq);
      if (!out) return;
      for (const sink of out.sinks) sink.inflight -= out.bytes;
      for (const [id, bytes] of message.held) {
        const sink = this.#sinks.get(id);
        if (sink) sink.held = bytes;
      }
      for (const sink of out.sinks) sink.settle();
    } else if (message.t === "taken") {
      const sink = this.#sinks.get(message.id);
      if (!sink) return;
      sink.held = 0;
      sink.settle();
    }
  }

  #start(): Promise<ChildProcess> {
    if (this.#closing) return Promise.reject(new Error("the socket writer is closing"));
    this.#starting ??= this.#fork().catch((err: unknown) => {
      this.#starting = null;
      throw err;
    });
    return this.#starting;
  }

  #fork(): Promise<ChildProcess> {
    const fromSource = import.meta.url.endsWith(".ts");
    const module =
      this.options.module ??
      new URL(fromSource ? "./writer-process.ts" : "./writer-process.js", import.meta.url);
    const child = fork(fileURLToPath(module), [], {
      serialization: "advanced",
      execArgv: fromSource && !this.options.module ? ["--import", import.meta.resolve("tsx")] : [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new Promise((resolve, reject) => {
      const failed = (why: string) => reject(new Error(`the socket writer process ${why}`));
      // Not only at start: a send to a writer that just died reports here, before its "exit".
      child.on("error", (err) => failed(`could not start: ${err.message}`));
      child.once("exit", (code, signal) => {
        failed(`exited before it was ready (${signal ?? `code ${code}`})`);
        this.#lost(child, code, signal);
      });
      child.on("message", (message: FromWriter) => {
        if (message.t !== "ready") return this.#onMessage(message);
        this.#child = child;
        // Neither the process nor its channel keeps the service's loop alive.
        child.unref();
        child.channel?.unref();
        resolve(child);
      });
    });
  }

  /** The writer is gone: its connections went with it, so this process lets go of its handles. */
  #lost(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#child !== child) return;
    this.#child = null;
    this.#starting = null;
    this.#inflight.clear();
    for (const sink of [...this.#sinks.values()]) this.release(sink, true);
    if (!this.#closing) this.options.onExit?.({ code, signal });
  }
}

/**
 * The socket's TCP handle. Sent as a raw handle, not as the socket: a socket sent with its server
 * enrols the child in that server's connection count, and the server's close() would then wait
 * for the writer's copies too.
 */
function handleOf(socket: Socket): object | undefined {
  return (socket as unknown as { _handle?: object | null })._handle ?? undefined;
}
