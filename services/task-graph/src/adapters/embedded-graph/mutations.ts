// One journal line per mutation. Every mutation sets a final value for its key (put, delete,
// edge present/absent), so replaying a mutation whose effect is already in a snapshot is harmless.
import type { ComponentRecord, DependencyEdge, IssueRecord } from "../../ports/graph-store.js";
import type { CodeMutation, CodeSnapshot } from "./code-graph-state.js";

export type Mutation =
  | { op: "issue.put"; issue: IssueRecord }
  | { op: "issue.del"; id: string }
  | { op: "component.put"; component: ComponentRecord }
  | { op: "component.del"; id: string }
  | { op: "dep.add"; edge: DependencyEdge }
  | { op: "dep.del"; edge: DependencyEdge }
  | CodeMutation;

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
}
