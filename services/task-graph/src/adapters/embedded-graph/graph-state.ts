// The in-memory graph: records plus adjacency sets in both directions. Pure and synchronous,
// so a mutation is visible to readers the moment it is applied (the journal adds durability).
import { EVENTS_RETAINED, type NoteRecord } from "../../ports/event-store.js";
import type { ComponentRecord, DependencyEdge, EventRecord, IssueRecord } from "../../ports/graph-store.js";
import { CodeGraphState } from "./code-graph-state.js";
import { EventLog } from "./event-log.js";
import { eventsOf, type Mutation, type SnapshotData } from "./mutations.js";
import { ReadinessIndex } from "./readiness-index.js";

export class GraphState {
  readonly issues = new Map<string, IssueRecord>();
  readonly components = new Map<string, ComponentRecord>();
  /** issue id → ids it depends on. */
  readonly dependsOn = new Map<string, Set<string>>();
  /** issue id → ids that depend on it. */
  readonly blocks = new Map<string, Set<string>>();
  /** Insertion sequence, the tie-breaker that keeps list order stable. */
  readonly seq = new Map<string, number>();
  /** Blocked and workable issues, maintained on every mutation. */
  readonly readiness = new ReadinessIndex(this);
  /** Ids of issues whose record names an assignee (the lease may have run out since). */
  readonly claimed = new Set<string>();
  /** Repositories, files, symbols and their edges (SPEC §4). */
  readonly code = new CodeGraphState();
  /** issue id → its notes, oldest first (SPEC §2c). */
  readonly notes = new Map<string, NoteRecord[]>();
  /** The retained event window and each issue's activity (SPEC §2c). */
  readonly events: EventLog;
  /** True while issues were inserted in created_at order, so Map order is the default sort. */
  createdInOrder = true;
  private nextSeq = 0;
  private lastCreatedAt = "";

  /** `eventsRetained`: how many of the newest events the window keeps. */
  constructor(eventsRetained: number = EVENTS_RETAINED) {
    this.events = new EventLog(eventsRetained);
  }

  /** A separate state with the same content (rebuilt through load, so every index is too). */
  static copyOf(source: GraphState): GraphState {
    const copy = new GraphState(source.events.retained);
    copy.load(source.toSnapshot(0));
    return copy;
  }

  /** Applies the change, then records the events it carries (after: an issue created by it has activity). */
  apply(m: Mutation): EventRecord[] {
    this.applyChange(m);
    const events = eventsOf(m);
    for (const event of events) this.events.append(event, this.hasIssue);
    return events;
  }

  private readonly hasIssue = (id: string): boolean => this.issues.has(id);

  private applyChange(m: Mutation): void {
    switch (m.op) {
      case "issue.put":
        this.putIssue(m.issue);
        return;
      case "issue.del":
        this.deleteIssue(m.id);
        return;
      case "component.put":
        this.components.set(m.component.id, m.component);
        return;
      case "component.del":
        this.components.delete(m.id);
        return;
      case "dep.add":
        this.addEdge(m.edge);
        return;
      case "dep.del":
        this.removeEdge(m.edge);
        return;
      case "dep.addMany":
        for (const edge of m.edges) this.addEdge(edge);
        return;
      case "note.add":
        this.addNote(m.note);
        return;
      case "event":
        return;
      default:
        this.code.apply(m);
    }
  }

  hasEdge(e: DependencyEdge): boolean {
    return this.dependsOn.get(e.issue_id)?.has(e.depends_on_id) ?? false;
  }

  /** Every edge, as stored (graph export and snapshots). */
  edges(): DependencyEdge[] {
    const edges: DependencyEdge[] = [];
    for (const [issue_id, targets] of this.dependsOn) {
      for (const depends_on_id of targets) edges.push({ issue_id, depends_on_id });
    }
    return edges;
  }

  edgeCount(): number {
    let n = 0;
    for (const s of this.dependsOn.values()) n += s.size;
    return n;
  }

  /**
   * The snapshot once a large code write being applied in slices is done: toSnapshot would finish
   * it in one task (at 20,000 files a body's rest held the loop ~90 ms when a compaction began).
   * The caller must keep new writes from reaching this state meanwhile (compact() holds them back).
   */
  async settledSnapshot(generation: number): Promise<SnapshotData> {
    await this.code.settled();
    return this.toSnapshot(generation);
  }

  toSnapshot(generation: number): SnapshotData {
    return {
      format: 1,
      generation,
      issues: [...this.issues.values()],
      components: [...this.components.values()],
      edges: this.edges(),
      code: this.code.toSnapshot(),
      notes: [...this.notes.values()].flat(),
      events: this.events.toSnapshot(),
    };
  }

  load(s: SnapshotData): void {
    this.readiness.inBulk(() => {
      for (const c of s.components) this.components.set(c.id, c);
      for (const i of s.issues) this.putIssue(i);
      for (const e of s.edges) this.addEdge(e);
    });
    this.code.load(s.code);
    for (const note of s.notes ?? []) this.addNote(note);
    this.events.load(s.events, this.hasIssue);
  }

  private addNote(note: NoteRecord): void {
    // Replaying on top of a snapshot: a note of an issue deleted there, or one it holds already.
    if (!this.issues.has(note.issue_id)) return;
    const list = this.notes.get(note.issue_id);
    if (!list) this.notes.set(note.issue_id, [note]);
    else if (!list.some((n) => n.id === note.id)) list.push(note);
  }

  private putIssue(issue: IssueRecord): void {
    const previous = this.issues.get(issue.id);
    if (!previous) {
      this.seq.set(issue.id, this.nextSeq++);
      if (issue.created_at < this.lastCreatedAt) this.createdInOrder = false;
      else this.lastCreatedAt = issue.created_at;
    }
    this.issues.set(issue.id, issue);
    if (issue.assignee) this.claimed.add(issue.id);
    else this.claimed.delete(issue.id);
    this.readiness.issuePut(previous, issue);
  }

  /**
   * An issue's dependency ids as frozen arrays, kept until an edge touching it changes: list
   * pages of 100 issues read them on every poll, and copying the sets each time was the largest
   * cost of such a page.
   */
  dependencyArrays(id: string): DependencyArrays {
    let arrays = this.arrays.get(id);
    if (!arrays) {
      const d = this.dependsOn.get(id);
      const b = this.blocks.get(id);
      arrays = Object.freeze({
        depends_on: Object.freeze(d ? Array.from(d) : []) as string[],
        blocks: Object.freeze(b ? Array.from(b) : []) as string[],
      });
      this.arrays.set(id, arrays);
    }
    return arrays;
  }

  private readonly arrays = new Map<string, DependencyArrays>();

  private deleteIssue(id: string): void {
    const issue = this.issues.get(id);
    if (!issue) return;
    this.arrays.delete(id);
    for (const n of this.dependsOn.get(id) ?? []) this.arrays.delete(n);
    for (const n of this.blocks.get(id) ?? []) this.arrays.delete(n);
    this.readiness.issueDeleting(issue);
    this.issues.delete(id);
    this.claimed.delete(id);
    this.seq.delete(id);
    for (const target of this.dependsOn.get(id) ?? []) this.blocks.get(target)?.delete(id);
    for (const source of this.blocks.get(id) ?? []) this.dependsOn.get(source)?.delete(id);
    this.dependsOn.delete(id);
    this.blocks.delete(id);
    this.notes.delete(id);
    this.events.forget(id);
  }

  private addEdge(e: DependencyEdge): void {
    // Replaying on top of a snapshot can meet an edge whose endpoint is already deleted there;
    // skipping it is what the later delete would have done.
    if (!this.issues.has(e.issue_id) || !this.issues.has(e.depends_on_id)) return;
    if (this.hasEdge(e)) return;
    setOf(this.dependsOn, e.issue_id).add(e.depends_on_id);
    setOf(this.blocks, e.depends_on_id).add(e.issue_id);
    this.arrays.delete(e.issue_id);
    this.arrays.delete(e.depends_on_id);
    this.readiness.edgeAdded(e.issue_id, e.depends_on_id);
  }

  private removeEdge(e: DependencyEdge): void {
    if (!this.hasEdge(e)) return;
    this.dependsOn.get(e.issue_id)?.delete(e.depends_on_id);
    this.blocks.get(e.depends_on_id)?.delete(e.issue_id);
    this.arrays.delete(e.issue_id);
    this.arrays.delete(e.depends_on_id);
    this.readiness.edgeRemoved(e.issue_id, e.depends_on_id);
  }
}

export interface DependencyArrays {
  readonly depends_on: string[];
  readonly blocks: string[];
}

function setOf(map: Map<string, Set<string>>, key: string): Set<string> {
  let s = map.get(key);
  if (!s) {
    s = new Set();
    map.set(key, s);
  }
  return s;
}
