// Fan-out of durable events to stream subscribers (GET /api/v1/events, SPEC §2c). The store tells
// the feed of each event once it is durable, in id order; the feed renders it once and queues it
// for every subscriber whose filter accepts it. Queued text is handed to the connections at most
// once per `flushMs` (the first change after a quiet spell at once): with 200 subscribers a write
// per event per subscriber was the service's largest cost, a write per window per subscriber is
// not, and subscribers that get every event share one joined text. A write never waits for a
// reader. A subscriber whose connection still holds more than `maxBufferedBytes` of what it was
// handed before (a reader gets a whole flush window to take a burst) is cut off instead of being
// handed more: what is held for a reader is bounded by that plus one window. A subscriber that resumes (Last-Event-ID) first gets the events after that id
// from the store's retained window, page by page as its connection takes them, then the live
// ones held meanwhile; an id the window no longer reaches (or one never given out) gets a single
// `reset` instead.
import { issuesOfEvent } from "../../ports/event-store.js";
import type { EventRecord, EventWindow, GraphStore } from "../../ports/graph-store.js";

/** Which events a subscriber gets: only these types (all when null), only about this issue. */
export interface EventFilter {
  types: ReadonlySet<string> | null;
  issueId: string | null;
}

/** A subscriber's connection, as the feed sees it. */
export interface EventSink {
  /**
   * Hands `chunk` to the connection (bytes: one encoding shared by every subscriber that gets the
   * whole batch); returns the bytes handed over that it has not taken yet.
   */
  write(chunk: string | Uint8Array): number;
  /** The bytes handed over that the connection has not taken yet. */
  untaken(): number;
  /** Resolves once the connection has taken what it was handed (or is gone). */
  drained(): Promise<void>;
  /** Ends the stream: "cut" drops a reader too slow to keep up, "closing" ends it as the service stops. */
  close(why: "cut" | "closing"): void;
}

/** Why a reset was sent instead of the events after `requested`. */
export interface ResetInfo {
  requested: number;
  oldest: number;
  last: number;
}

export interface EventFeedOptions {
  /** An event as the text the stream sends (rendered once per event, for every subscriber). */
  render(event: EventRecord): string;
  /** The reset event's text, for a resume the window cannot serve. */
  renderReset(info: ResetInfo): string;
  /** The comment that opens a stream. */
  renderOpen(last: number): string;
  /** The comment sent every heartbeatMs. */
  heartbeat: string;
  heartbeatMs: number;
  /** Most bytes a connection may leave untaken before it is cut off. */
  maxBufferedBytes: number;
  /** Shortest time between two hand-overs to the connections (the latency it may add). @default 0 */
  flushMs?: number;
  /** Told of every subscriber cut off (for the log). */
  onCutOff?(info: { bufferedBytes: number; reason: string }): void;
  /** Events read from the store per page of a resume (bounds what one page puts in memory). @default 100 */
  pageSize?: number;
}

/** One stream, from subscribe() to its end. */
export interface Subscription {
  /** Starts sending to `sink`: the opening comment, a reset or the events missed, then live events. */
  attach(sink: EventSink): void;
  /** The client went away (or the stream could not be opened): stop and forget it. */
  close(): void;
}

class Subscriber implements Subscription {
  sink: EventSink | null = null;
  /** Events held while the missed ones are sent (id, text). */
  held: { id: number; text: string }[] = [];
  heldBytes = 0;
  /** Text queued for the next flush. */
  pending: string[] = [];
  pendingBytes = 0;
  /** True when `pending` holds text that is not the feed's batch in full (a filter, a heartbeat). */
  partial = false;
  replaying = true;
  /** The last event id sent or skipped: live events at or below it are not sent again. */
  cursor = 0;
  closed = false;

  constructor(
    private readonly feed: EventFeed,
    readonly filter: EventFilter,
    readonly after: number | null,
    readonly first: EventWindow,
  ) {}

  accepts(e: EventRecord): boolean {
    if (this.filter.types && !this.filter.types.has(e.type)) return false;
    return this.filter.issueId === null || issuesOfEvent(e).includes(this.filter.issueId);
  }

  attach(sink: EventSink): void {
    this.sink = sink;
    this.feed.replay(this).catch(() => this.feed.cut(this, "the store could not be read while resuming"));
  }

  close(): void {
    this.feed.forget(this);
  }
}

export class EventFeed {
  readonly #subscribers = new Set<Subscriber>();
  readonly #dirty = new Set<Subscriber>();
  /** Every text published since the last flush, in order. */
  #batch: string[] = [];
  #flushScheduled = false;
  #lastFlush = 0;
  #heartbeat: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  readonly #pageSize: number;

  constructor(
    private readonly store: GraphStore,
    private readonly options: EventFeedOptions,
  ) {
    this.#pageSize = options.pageSize ?? 100;
  }

  /** Starts listening to the store (once, at start-up). */
  start(): void {
    this.#unsubscribe ??= this.store.onEvent((e) => this.#publish(e));
  }

  /** Subscribers now (for /health-like reporting and tests of the feed). */
  get size(): number {
    return this.#subscribers.size;
  }

  /**
   * A new subscriber: from now on it holds the live events it accepts. Reads the window first, so
   * a store that does not answer fails here (before anything is sent). `after`: the Last-Event-ID
   * to resume from, null to start with what happens next.
   */
  async subscribe(filter: EventFilter, after: number | null): Promise<Subscription> {
    const first = await this.store.readEvents(
      after ?? Number.MAX_SAFE_INTEGER,
      after === null ? 0 : this.#pageSize,
    );
    // Events published while the window was read are in it or held: the cursor tells them apart.
    const sub = new Subscriber(this, filter, after, first);
    this.#subscribers.add(sub);
    if (this.#heartbeat === null) {
      this.#heartbeat = setInterval(() => this.#beat(), this.options.heartbeatMs);
      this.#heartbeat.unref();
    }
    return sub;
  }

  /** Ends every stream (the service is stopping) and stops listening. */
  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    for (const sub of [...this.#subscribers]) {
      this.forget(sub);
      sub.sink?.close("closing");
    }
  }

  /** @internal The missed events (or a reset), then the held live ones; then the subscriber is live. */
  async replay(sub: Subscriber): Promise<void> {
    const { first, after } = sub;
    const write = (text: string) => (sub.closed || !sub.sink ? 0 : sub.sink.write(text));
    write(this.options.renderOpen(first.last));
    if (after === null) {
      sub.cursor = first.last;
    } else if (after > first.last || after < first.oldest - 1) {
      write(this.options.renderReset({ requested: after, oldest: first.oldest, last: first.last }));
      sub.cursor = first.last;
    } else {
      sub.cursor = after;
      let page = first;
      for (;;) {
        if (sub.closed) return;
        // The window moved past what this reader has seen while it was being served.
        if (page.oldest > sub.cursor + 1)
          return this.cut(sub, "fell behind the retained window while resuming");
        let text = "";
        for (const e of page.events) {
          if (sub.accepts(e)) text += this.options.render(e);
          sub.cursor = e.id;
        }
        if (text && write(text) > 0) await sub.sink!.drained();
        if (page.events.length < this.#pageSize) break;
        page = await this.store.readEvents(sub.cursor, this.#pageSize);
      }
    }
    if (sub.closed) return;
    sub.replaying = false;
    for (const h of sub.held) {
      if (h.id > sub.cursor) this.#queue(sub, h.text, h.id, false);
    }
    sub.held = [];
    sub.heldBytes = 0;
  }

  /** @internal Drops a subscriber that cannot keep up (or whose resume failed). */
  cut(sub: Subscriber, reason: string): void {
    if (sub.closed) return;
    const bufferedBytes = sub.pendingBytes + sub.heldBytes;
    this.forget(sub);
    sub.sink?.close("cut");
    this.options.onCutOff?.({ bufferedBytes, reason });
  }

  /** @internal */
  forget(sub: Subscriber): void {
    sub.closed = true;
    sub.pending = [];
    sub.held = [];
    this.#subscribers.delete(sub);
    this.#dirty.delete(sub);
    if (this.#subscribers.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  #publish(e: EventRecord): void {
    let text: string | undefined;
    for (const sub of this.#subscribers) {
      if (!sub.accepts(e)) {
        sub.partial = true;
        continue;
      }
      if (text === undefined) {
        text = this.options.render(e);
        this.#batch.push(text);
      }
      if (sub.replaying) {
        sub.held.push({ id: e.id, text });
        sub.heldBytes += text.length;
        if (sub.heldBytes > this.options.maxBufferedBytes)
          this.cut(sub, "too many events arrived while resuming");
      } else if (e.id > sub.cursor) {
        this.#queue(sub, text, e.id, true);
      } else {
        sub.partial = true;
      }
    }
  }

  /** `id`: the event's (none for a comment); `fromBatch`: the text is the batch's newest. */
  #queue(sub: Subscriber, text: string, id: number | undefined, fromBatch: boolean): void {
    // The first text since the last flush: it is the whole batch so far only if the batch is one text.
    if (sub.pending.length === 0 && !this.#dirty.has(sub)) sub.partial = this.#batch.length > 1;
    sub.pending.push(text);
    sub.pendingBytes += text.length;
    if (id !== undefined) sub.cursor = id;
    if (!fromBatch) sub.partial = true;
    this.#dirty.add(sub);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    const wait = this.#lastFlush + (this.options.flushMs ?? 0) - performance.now();
    if (wait <= 0) setImmediate(() => this.#flush());
    else setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#flushScheduled = false;
    this.#lastFlush = performance.now();
    const batch = this.#batch;
    this.#batch = [];
    let all: Uint8Array | undefined;
    for (const sub of this.#dirty) {
      if (sub.closed || !sub.sink) continue;
      // A subscriber that got every text of the batch gets the one joined text all such share.
      let text: string | Uint8Array;
      if (!sub.partial && sub.pending.length === batch.length) {
        all ??= Buffer.from(batch.join(""));
        text = all;
      } else {
        text = sub.pending.length === 1 ? sub.pending[0]! : sub.pending.join("");
      }
      sub.pending = [];
      sub.partial = false;
      const untaken = sub.sink.untaken();
      if (untaken > this.options.maxBufferedBytes) {
        sub.pendingBytes += untaken;
        this.cut(sub, "the client stopped reading");
        continue;
      }
      sub.pendingBytes = 0;
      sub.sink.write(text);
    }
    this.#dirty.clear();
  }

  #beat(): void {
    for (const sub of this.#subscribers) {
      if (!sub.replaying) this.#queue(sub, this.options.heartbeat, undefined, false);
    }
  }
}
