// The live subscribers of the event stream, grouped by filter (domain/events/event-feed.ts): every
// subscriber of a group gets the same events, so an event is looked at once per group, not once
// per subscriber, and a hand-over window's events are joined and encoded once per group into one
// Buffer that every member's socket is handed. Two spellings of one filter (`types=a,b` and
// `types=b,a`) are one group.
import { issuesOfEvent } from "../../ports/event-store.js";
import type { EventRecord } from "../../ports/graph-store.js";

/** Which events a subscriber gets: only these types (all when null), only about this issue. */
export interface EventFilter {
  types: ReadonlySet<string> | null;
  issueId: string | null;
}

export function acceptsEvent(filter: EventFilter, e: EventRecord): boolean {
  if (filter.types && !filter.types.has(e.type)) return false;
  return filter.issueId === null || issuesOfEvent(e).includes(filter.issueId);
}

/** The same key for every spelling of one filter (types in any order, repeated or not). */
function filterKey(filter: EventFilter): string {
  const types = filter.types ? [...filter.types].sort().join(",") : "*";
  return JSON.stringify([types, filter.issueId]);
}

/** Live subscribers with one filter, and the texts of their events since the last hand-over. */
export class FilterGroup<M> {
  readonly members = new Set<M>();
  /** Texts since the last flush, in order. */
  batch: string[] = [];
  /** The members get a heartbeat at the next flush. */
  beat = false;

  constructor(
    readonly key: string,
    readonly filter: EventFilter,
  ) {}

  /** This window's texts (and heartbeat) as one encoding for every member, or null when none; resets them. */
  take(heartbeat: string): Buffer | null {
    if (this.batch.length === 0 && !this.beat) return null;
    const shared = Buffer.from(this.batch.join("") + (this.beat ? heartbeat : ""));
    this.batch = [];
    this.beat = false;
    return shared;
  }
}

/** The groups that have members, by filter key. */
export class FilterGroups<M> {
  readonly #byKey = new Map<string, FilterGroup<M>>();

  get size(): number {
    return this.#byKey.size;
  }

  values(): IterableIterator<FilterGroup<M>> {
    return this.#byKey.values();
  }

  /** Adds `member` to the group of `filter` (made when it is the first). */
  join(filter: EventFilter, member: M): FilterGroup<M> {
    const key = filterKey(filter);
    let group = this.#byKey.get(key);
    if (!group) {
      group = new FilterGroup<M>(key, filter);
      this.#byKey.set(key, group);
    }
    group.members.add(member);
    return group;
  }

  /** Removes `member`; a group left empty goes (with what it held: nobody is left to get it). */
  leave(group: FilterGroup<M>, member: M): void {
    group.members.delete(member);
    if (group.members.size === 0 && this.#byKey.get(group.key) === group) this.#byKey.delete(group.key);
  }
}
