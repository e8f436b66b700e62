// Fan-out of durable events to stream subscribers (GET /api/v1/events, SPEC §2c). The store tells
// the feed of each event once it is durable, in id order; the feed renders it once. Live
// subscribers (the followers) are grouped by filter (event-groups.ts): an event a group accepts
// joins that group's batch, with no work per follower, and each flush hands every follower of a
// group the same bytes, encoded once. A subscriber not yet caught up has the events it accepts
// queued for it alone. Queued text is handed to the connections at most once per `flushMs` (the first change
// after a quiet spell at once): with 200 subscribers a write per event per subscriber was the
// service's largest cost, a write per window per subscriber is not. A write never waits for a
// reader. A subscriber whose connection still holds more than `maxBufferedBytes` of what it was
// handed before (a reader gets a whole flush window to take a burst) is cut off instead of being
// handed more: what is held for a reader is bounded by that plus one window. A subscriber that
// resumes (Last-Event-ID) first gets the events after that id from the store's retained window,
// page by page as its connection takes them, then the live ones held meanwhile (and becomes a
// follower of its filter's group at the next flush); an id the window no longer reaches (or one never
// given out) gets a single `reset` instead.
import type { EventRecord, EventWindow, GraphStore } from "../../ports/graph-store.js";
import { acceptsEvent, type EventFilter, type FilterGroup, FilterGroups } from "./event-groups.js";

export type { EventFilter } from "./event-groups.js";

/** A subscriber's connection, as the feed sees it. */
export interface EventSink {
  /**
   * Hands `chunk` to the connection (bytes: one encoding shared by every subscriber that gets the
   * whole batch); returns the bytes handed over that it has not taken yet (0: go on at once).
   */
  write(chunk: string | Uint8Array): number;
  /** The bytes handed over that the reader has not taken yet (what a cut-off is decided on). */
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
  /** Text queued for this subscriber alone, for the next flush (followers use their group's batch). */
  pending: string[] = [];
  pendingBytes = 0;
  replaying = true;
  /** Becomes a follower at the next flush, once what is queued for it alone is handed over. */
  joining = false;
  /** Its filter's group, once it is a follower. */
  group: FilterGroup<Subscriber> | null = null;
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
    return acceptsEvent(this.filter, e);
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
  /** Live subscribers by filter: each group shares its batch (no group without a follower). */
  readonly #groups = new FilterGroups<Subscriber>();
  /** Subscribers not yet followers: each event is looked at for each of them. */
  readonly #individual = new Set<Subscriber>();
  /** Subscribers with text queued for them alone (or joining the followers) at the next flush. */
  readonly #dirty = new Set<Subscriber>();
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
    this.#individual.add(sub);
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
      if (h.id > sub.cursor) this.#queue(sub, h.text, h.id);
    }
    sub.held = [];
    sub.heldBytes = 0;
    // It joins its group at a flush: the group's batch of this window may hold events it already has.
    sub.joining = true;
    this.#dirty.add(sub);
    this.#schedule();
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
    if (sub.group) this.#groups.leave(sub.group, sub);
    sub.group = null;
    this.#individual.delete(sub);
    this.#dirty.delete(sub);
    if (this.#subscribers.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }

  #publish(e: EventRecord): void {
    let text: string | undefined;
    for (const group of this.#groups.values()) {
      if (!acceptsEvent(group.filter, e)) continue;
      text ??= this.options.render(e);
      group.batch.push(text);
      this.#schedule();
    }
    for (const sub of this.#individual) {
      if (!sub.accepts(e)) continue;
      text ??= this.options.render(e);
      if (sub.replaying) {
        sub.held.push({ id: e.id, text });
        sub.heldBytes += text.length;
        if (sub.heldBytes > this.options.maxBufferedBytes)
          this.cut(sub, "too many events arrived while resuming");
      } else if (e.id > sub.cursor) {
        this.#queue(sub, text, e.id);
      }
    }
  }

  /** Queues `text` for `sub` alone; `id`: the event's (none for a comment). */
  #queue(sub: Subscriber, text: string, id: number | undefined): void {
    sub.pending.push(text);
    sub.pendingBytes += text.length;
    if (id !== undefined) sub.cursor = id;
    this.#dirty.add(sub);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    const wait = this.#lastFlush + (this.options.flushMs ?? 0) - performance.now();
    if (wait <= 0) setImmediate(() => this.#flush());
    else setTimeout(() => this.#flush(), wait);
  }

  #flush(): void {
    this.#flushScheduled = false;
    this.#lastFlush = performance.now();
    for (const group of this.#groups.values()) {
      // One encoding per group, shared by every follower's socket.
      const shared = group.take(this.options.heartbeat);
      if (shared) for (const sub of group.members) this.#handOver(sub, shared, shared.length);
    }
    for (const sub of this.#dirty) {
      if (sub.closed || !sub.sink) continue;
      const text = sub.pending.length === 1 ? sub.pending[0]! : sub.pending.join("");
      const bytes = sub.pendingBytes;
      sub.pending = [];
      if (text) this.#handOver(sub, text, bytes);
      else sub.pendingBytes = 0;
      // Joined after this window's batch: from the next event on it is its group's.
      if (sub.joining && !sub.closed) {
        sub.joining = false;
        this.#individual.delete(sub);
        sub.group = this.#groups.join(sub.filter, sub);
      }
    }
    this.#dirty.clear();
  }

  /** Hands `chunk` over, unless the connection still holds too much of what it had before: then cut. */
  #handOver(sub: Subscriber, chunk: string | Uint8Array, bytes: number): void {
    const untaken = sub.sink!.untaken();
    if (untaken > this.options.maxBufferedBytes) {
      sub.pendingBytes = bytes + untaken;
      this.cut(sub, "the client stopped reading");
      return;
    }
    sub.pendingBytes = 0;
    sub.sink!.write(chunk);
  }

  #beat(): void {
    for (const group of this.#groups.values()) {
      group.beat = true;
      this.#schedule();
    }
    for (const sub of this.#individual) {
      if (!sub.replaying) this.#queue(sub, this.options.heartbeat, undefined);
    }
  }
}
