// One connection as the service sees it once the writer process writes it (socket-writer.ts):
// what it has on its way to the writer and what the writer's socket holds for it, as reported.
import type { Socket } from "node:net";

/**
 * How long the writer may leave its oldest message unacknowledged before what is on its way
 * counts as untaken too: a writer that falls behind (its cores busy, or stopped) then holds the
 * service to the same bound as a reader that stops reading, instead of its messages piling up.
 * A time, not a size: a burst of large events is on its way for a moment without any lag.
 */
export const WRITER_STALL_MS = 2_000;

/** A connection written by the writer process (the shape of a local stream's sink). */
export interface RemoteSink {
  /** Hands `chunk` over; returns the bytes on their way to the connection or held for it. */
  write(chunk: string | Uint8Array): number;
  /**
   * The bytes the writer's socket held for the connection at its last report: what the reader
   * has not taken. What is on its way to the writer counts too once the writer has left a message
   * unacknowledged for WRITER_STALL_MS (before that it is the writer's ordinary lag, not the reader's).
   */
  untaken(): number;
  /** Resolves once the connection has taken what it was handed (or is gone). */
  drained(): Promise<void>;
  /** "cut": drop the connection and what it holds; "closing": end it once it is written. */
  close(why: "cut" | "closing"): void;
}

/** What a sink asks of the SocketWriter that made it. */
export interface SinkOwner {
  enqueue(sink: Sink, chunk: string | Uint8Array): void;
  release(sink: Sink, cut: boolean): void;
  /** True once the writer has left a message unacknowledged for WRITER_STALL_MS. */
  stalled(): boolean;
}

export interface Outgoing {
  chunk: string | Uint8Array;
  bytes: number;
  sinks: Sink[];
  /** When it was sent to the writer (performance.now()), once it was. */
  sentAt?: number;
}

export class Sink implements RemoteSink {
  /** Bytes sent to the writer and not acknowledged yet. */
  inflight = 0;
  /** Bytes the writer's socket held at its last report. */
  held = 0;
  closed = false;
  /** The outgoing message this sink last joined (a chunk goes to a sink once per message). */
  joined: Outgoing | null = null;
  waiters: (() => void)[] = [];

  constructor(
    private readonly writer: SinkOwner,
    readonly id: number,
    readonly socket: Socket,
  ) {}

  write(chunk: string | Uint8Array): number {
    if (this.closed) return 0;
    this.writer.enqueue(this, chunk);
    return this.outstanding();
  }

  untaken(): number {
    if (this.closed) return 0;
    return this.inflight > 0 && this.writer.stalled() ? this.held + this.inflight : this.held;
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
