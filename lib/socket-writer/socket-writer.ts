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
import type { ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { forkWriter } from "./fork-writer.js";
import type { FromWriter, ToWriter } from "./protocol.js";
import { type Outgoing, type RemoteSink, Sink, type SinkOwner, WRITER_STALL_MS } from "./remote-sink.js";

export type { RemoteSink } from "./remote-sink.js";

export interface SocketWriterOptions {
  /** The writer process's module, where a bundle ships it (default: beside this file). */
  module?: URL;
  /** Told when the writer process exits without being asked to (its connections were dropped). */
  onExit?(info: { code: number | null; signal: NodeJS.Signals | null }): void;
  /**
   * How much lower the writer's CPU priority is than this process's, in nice steps (0..19; capped
   * at the lowest priority): where cores are busy the server's own work goes first and the sends
   * take what is left. @default 0
   */
  niceness?: number;
}

/** How long close() waits for the writer to finish what it holds before it is killed. */
const CLOSE_WAIT_MS = 3_000;

export class SocketWriter implements SinkOwner {
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
      this.#inflight.set(seq, { ...out, sinks: live, sentAt: performance.now() });
      child.send({ t: "write", seq, ids: live.map((s) => s.id), chunk: out.chunk } satisfies ToWriter);
    }
  }

  /** @internal The oldest message the writer has not acknowledged was sent WRITER_STALL_MS ago or more. */
  stalled(): boolean {
    // Acknowledged in order: the first in the map is the oldest.
    const oldest = this.#inflight.values().next().value;
    return oldest !== undefined && performance.now() - oldest.sentAt! >= WRITER_STALL_MS;
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
    this.#starting ??= forkWriter(this.options.module, this.options.niceness ?? 0, {
      onMessage: (message) => this.#onMessage(message),
      onExit: (child, code, signal) => this.#lost(child, code, signal),
    }).then((child) => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error("the socket writer process exited as it became ready");
      this.#child = child;
      return child;
    });
    // A writer that cannot start is not forked again for every stream: the refusal is kept. One
    // that dies after it was ready is started anew (#lost).
    return this.#starting;
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
