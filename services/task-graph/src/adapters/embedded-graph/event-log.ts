// The events of one GraphState: the retained window (the newest `retained` events, a ring) that
// Last-Event-ID resumes from, and each issue's activity (its newest ACTIVITY_KEPT events, gone
// with the issue). The same event objects are shared by both, so an event costs its memory once.
import { ACTIVITY_KEPT, issuesOfEvent } from "../../ports/event-store.js";
import type { EventRecord, EventWindow } from "../../ports/graph-store.js";

/** What a snapshot keeps of the events (absent in snapshots written before them). */
export interface EventsSnapshot {
  last_id: number;
  /** Every event the window or an activity list holds, once each, by id. */
  events: EventRecord[];
}

export class EventLog {
  /** Ring of the window: `ring[(start + k) % retained]` is the k-th oldest retained event. */
  private readonly ring: (EventRecord | undefined)[] = [];
  private start = 0;
  private size = 0;
  private readonly activity = new Map<string, EventRecord[]>();
  /** The newest id given out. */
  lastId = 0;

  constructor(readonly retained: number) {
    if (!Number.isSafeInteger(retained) || retained < 1)
      throw new RangeError(`the retained event window must be a positive integer, got ${retained}`);
  }

  /** Adds a durable (or replayed) event; `hasIssue` says which issues still exist for activity. */
  append(e: EventRecord, hasIssue: (id: string) => boolean): void {
    // A line replayed on top of a snapshot that holds its event already.
    if (e.id <= this.lastId) return;
    this.lastId = e.id;
    if (this.size < this.retained) {
      this.ring[(this.start + this.size) % this.retained] = e;
      this.size++;
    } else {
      this.ring[this.start] = e;
      this.start = (this.start + 1) % this.retained;
    }
    for (const id of issuesOfEvent(e)) if (hasIssue(id)) this.addActivity(id, e);
  }

  /** An issue was deleted: its activity goes with it (its events stay in the window). */
  forget(issueId: string): void {
    this.activity.delete(issueId);
  }

  read(afterId: number, limit: number): EventWindow {
    const oldest = this.size ? this.at(0).id : this.lastId + 1;
    // The first event after `afterId`, by binary search (the ring is in id order).
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).id <= afterId) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    const events: EventRecord[] = [];
    for (let k = from; k < this.size && events.length < limit; k++) events.push(this.at(k));
    return { events, oldest, last: this.lastId };
  }

  activityOf(issueId: string, offset: number, limit: number): { items: EventRecord[]; total: number } {
    const list = this.activity.get(issueId) ?? [];
    // Stored oldest first (up to a quarter more than kept, trimmed in blocks); answered newest first.
    const total = Math.min(list.length, ACTIVITY_KEPT);
    const end = list.length - total;
    const items: EventRecord[] = [];
    for (let k = list.length - 1 - offset; k >= end && items.length < limit; k--) items.push(list[k]!);
    return { items, total };
  }

  toSnapshot(): EventsSnapshot {
    const byId = new Map<number, EventRecord>();
    for (let k = 0; k < this.size; k++) byId.set(this.at(k).id, this.at(k));
    for (const list of this.activity.values()) for (const e of list) byId.set(e.id, e);
    return { last_id: this.lastId, events: [...byId.values()].sort((a, b) => a.id - b.id) };
  }

  /** Loads a snapshot's events, then `hasIssue` decides which activity lists they join. */
  load(s: EventsSnapshot | undefined, hasIssue: (id: string) => boolean): void {
    if (!s) return;
    // Only the newest `retained` go into the window; every one joins its issues' activity.
    const windowFrom = s.last_id - this.retained + 1;
    for (const e of s.events) {
      if (e.id >= windowFrom) this.append(e, hasIssue);
      else for (const id of issuesOfEvent(e)) if (hasIssue(id)) this.addActivity(id, e);
    }
    this.lastId = Math.max(this.lastId, s.last_id);
  }

  private at(k: number): EventRecord {
    return this.ring[(this.start + k) % this.retained]!;
  }

  private addActivity(issueId: string, e: EventRecord): void {
    let list = this.activity.get(issueId);
    if (!list) {
      list = [];
      this.activity.set(issueId, list);
    }
    list.push(e);
    // Drop the oldest in blocks, so trimming costs O(1) per event on average.
    if (list.length > ACTIVITY_KEPT * 1.25) list.splice(0, list.length - ACTIVITY_KEPT);
  }
}
