// One journal line per mutation. Every mutation sets a final value for its key (put, delete,
// edge present/absent, a note or an event by its id), so replaying a mutation whose effect is
// already in a snapshot is harmless.
// A mutation may carry its event (SPEC §2c), with its id: the event is durable exactly when the
// line is. On the line the event leaves out what the mutation holds already (the issue of
// issue.created, the component of component.created, the note of note.added); eventOf() puts
// it back when the line is applied.
import type { NoteRecord } from "../../ports/event-store.js";
import type {
  ComponentRecord,
  DependencyEdge,
  EventDraft,
  EventRecord,
  IssueRecord,
} from "../../ports/graph-store.js";
import type { CodeMutation, CodeSnapshot } from "./code-graph-state.js";
import type { EventsSnapshot } from "./event-log.js";

/** An event on a journal line: without the payload its mutation carries. */
export type LineEvent = Omit<EventRecord, "issue" | "component" | "note">;

type WithEvent<M> = M & { event?: LineEvent };

export type Mutation =
  | WithEvent<{ op: "issue.put"; issue: IssueRecord }>
  | WithEvent<{ op: "issue.del"; id: string }>
  | WithEvent<{ op: "component.put"; component: ComponentRecord }>
  | WithEvent<{ op: "component.del"; id: string }>
  | WithEvent<{ op: "dep.add"; edge: DependencyEdge }>
  | WithEvent<{ op: "dep.del"; edge: DependencyEdge }>
  /** Bulk dependencies (SPEC §2c): every edge on one line, so all or none; `events[k]` is edges[k]'s. */
  | { op: "dep.addMany"; edges: DependencyEdge[]; events?: LineEvent[] }
  | WithEvent<{ op: "note.add"; note: NoteRecord }>
  /** An event with no change of its own (code.indexed). */
  | { op: "event"; event: LineEvent }
  | CodeMutation;

/** What a line's mutation holds already, so its event leaves it out. */
const PAYLOADS = new Set(["issue", "component", "note"]);

/** The line form of an event: `draft` with its id, minus what mutation `m` holds already. */
export function lineEvent(draft: EventDraft, id: number): LineEvent {
  // Field by field, in the draft's order and then the id (the same JSON as `{ ...rest, id }`). A
  // rest pattern then a spread gave each event a hidden class of its own (V8 copies the map): 10,000
  // retained events held 10,000 maps, each with its own enum cache once rendered, and every
  // JSON.stringify of an event (journal line, stream) took V8's slow path.
  const line: Record<string, unknown> = {};
  const fields = draft as unknown as Record<string, unknown>;
  // for…in: a draft is an object literal (no inherited fields), and it allocates no entry pairs.
  for (const key in fields) if (!PAYLOADS.has(key)) line[key] = fields[key];
  line.id = id;
  return line as unknown as LineEvent;
}

/** The whole events a mutation carries (several for a bulk write), payloads taken back from it. */
export function eventsOf(m: Mutation): EventRecord[] {
  if (m.op === "dep.addMany") return m.events ?? [];
  const event = eventOf(m);
  return event ? [event] : [];
}

/** The whole event a mutation carries, its payload taken back from the mutation. */
function eventOf(m: Mutation): EventRecord | undefined {
  if (!("event" in m) || !m.event) return undefined;
  const e = m.event;
  if (e.type === "issue.created" && m.op === "issue.put") return { ...e, issue: m.issue };
  if (e.type === "component.created" && m.op === "component.put") return { ...e, component: m.component };
  if (e.type === "note.added" && m.op === "note.add") return { ...e, note: m.note };
  return e;
}

/** What a snapshot file holds: the whole state at one point of the journal sequence. */
export interface SnapshotData {
  format: 1;
  /** Journals with this generation or later are replayed on top of the snapshot. */
  generation: number;
  issues: IssueRecord[];
  components: ComponentRecord[];
  edges: DependencyEdge[];
  /** The code graph (absent in snapshots written before it existed). */
  code?: CodeSnapshot;
  /** Notes of issues, oldest first (absent in snapshots written before them). */
  notes?: NoteRecord[];
  /** The retained events and the last id given out (absent in snapshots written before them). */
  events?: EventsSnapshot;
}
