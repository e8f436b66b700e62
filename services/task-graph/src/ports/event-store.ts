// The events and notes half of the GraphStore port (SPEC §2c). Every write that changes what a
// client sees may carry an EventDraft; the store gives it the next id of one monotonic sequence
// and makes it durable with the change itself (the same journal line; the same transaction), so
// an event exists exactly when its change does. Listeners hear of an event only once it is
// durable, in id order; a refused write is never heard of.
// The record types of the payloads are parameters (graph-store.ts binds them: EventDraft,
// EventRecord), so this file imports nothing of the port that extends it.

export const EVENT_TYPES = [
  "issue.created",
  "issue.updated",
  "issue.deleted",
  "issue.claimed",
  "issue.released",
  "dependency.added",
  "dependency.removed",
  "note.added",
  "component.created",
  "component.updated",
  "component.deleted",
  "code.indexed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const NOTE_KINDS = ["note", "decision", "reasoning", "progress"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** One field's value before and after a change (null where it had none). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface NoteRecord {
  id: string;
  issue_id: string;
  author: string;
  kind: NoteKind;
  text: string;
  created_at: string;
}

/** An event as the domain describes it; the store adds `id`. */
export interface EventDraftOf<Issue, Component> {
  type: EventType;
  /** When the change was made (the service's timestamp format). */
  at: string;
  /** Who made it (X-Agent, the claim's agent, or "anonymous"). */
  actor: string;
  /** The issue it is about (the dependent one for dependency events). */
  issue_id?: string;
  /** Dependency events: the prerequisite. */
  depends_on_id?: string;
  /** Component events. */
  component_id?: string;
  /** code.indexed: the repository. */
  repo?: string;
  changes?: FieldChange[];
  /** issue.created: the issue as created. */
  issue?: Issue;
  /** component.created: the component as created. */
  component?: Component;
  /** note.added: the note. */
  note?: NoteRecord;
}

/** The ids of the issues an event is about: its issue, and the prerequisite of a dependency. */
export function issuesOfEvent(e: { issue_id?: string; depends_on_id?: string }): string[] {
  if (e.issue_id === undefined) return [];
  return e.depends_on_id === undefined ? [e.issue_id] : [e.issue_id, e.depends_on_id];
}

/** What `readEvents` answers: the events after the id asked for, and the window they come from. */
export interface EventWindowOf<E> {
  /** Events with an id above the one asked for, oldest first (at most the limit asked for). */
  events: E[];
  /** The oldest id still retained; `last + 1` when none is. */
  oldest: number;
  /** The newest id given out (0 before the first event). */
  last: number;
}

export interface NoteQuery {
  kinds?: NoteKind[];
  /** Newest first instead of oldest first. */
  newestFirst?: boolean;
  offset: number;
  limit: number;
}

/** Most events of one issue an activity list holds (the newest ones). */
export const ACTIVITY_KEPT = 1000;

/** Default size of the retained window that Last-Event-ID resumes from (SPEC §2c). */
export const EVENTS_RETAINED = 10_000;

/** `E`: a stored event (EventRecord), `D`: its draft (EventDraft). */
export interface EventStoreOf<E, D> {
  /**
   * Events after `afterId` from the retained window (the newest `eventsRetained` events), at most
   * `limit`, oldest first, with the window's bounds.
   */
  readEvents(afterId: number, limit: number): Promise<EventWindowOf<E>>;
  /**
   * The newest ACTIVITY_KEPT events about the issue (issuesOfEvent), newest first; `total` counts
   * those kept. Empty for an unknown issue (an issue's activity goes with it).
   */
  issueActivity(issueId: string, offset: number, limit: number): Promise<{ items: E[]; total: number }>;
  /**
   * Calls `listener` with every event once it is durable, in id order, from this process's writes.
   * Returns the unsubscribe function. Synchronous: a listener must not throw or block.
   */
  onEvent(listener: (event: E) => void): () => void;

  /** Stores a note of an existing issue with its event; false (nothing stored) when the issue is gone. */
  addNote(note: NoteRecord, event: D): Promise<boolean>;
  /** An issue's notes, oldest first by default. */
  listNotes(issueId: string, query: NoteQuery): Promise<{ items: NoteRecord[]; total: number }>;
  /** Every note, for the search index at start. */
  allNotes(): Promise<NoteRecord[]>;
  /**
   * Records an event that goes with no stored change of its own (code.indexed: the code graph
   * written before it), durable like the others.
   */
  recordEvent(event: D): Promise<void>;
}
