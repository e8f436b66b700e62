// The graph the task-graph service reasons over. Adapters: embedded (journal in DATA_DIR,
// the default) and Neo4j (NEO4J_URI). Domain rules (validation, status transitions, cycle
// policy, scoring) live in src/domain; a store only stores, traverses and reports.
// The code graph (repositories, files, symbols, their edges) is the CodeGraphStore half
// (code-graph-store.ts), stored with the same durability as issues.
import type { CodeGraphStore } from "./code-graph-store.js";
import type { EventDraftOf, EventStoreOf, EventWindowOf } from "./event-store.js";

export type IssueStatus = "OPEN" | "IN_PROGRESS" | "BLOCKED" | "CLOSED";
export type Priority = "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";

/** Stored issue; depends_on/blocks are derived from DEPENDS_ON edges when read. */
export interface IssueRecord {
  id: string;
  title: string;
  description: string;
  status: IssueStatus;
  priority: Priority;
  component_id: string | null;
  labels: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** The agent holding the claim; absent or null when unclaimed. */
  assignee?: string | null;
  /** When the claim's lease runs out (same format as the other timestamps). */
  claim_expires_at?: string | null;
  /** Links to code (SPEC §4): `path` or `path#Symbol`; absent on records written before them. */
  code_refs?: string[];
}

/** True while `issue` is claimed at the instant `now` (a lease that ran out frees it). */
export function claimHeld(issue: IssueRecord, now: string): boolean {
  return Boolean(issue.assignee && issue.claim_expires_at && issue.claim_expires_at > now);
}

/** An event as the domain describes it (event-store.ts); the store adds `id`. */
export type EventDraft = EventDraftOf<IssueRecord, ComponentRecord>;

export interface EventRecord extends EventDraft {
  /** Position in the store's one sequence: 1, 2, 3... with no gap, never reused once durable. */
  id: number;
}

export type EventWindow = EventWindowOf<EventRecord>;

const CLAIM_FIELDS = ["assignee", "claim_expires_at"] as const;

/**
 * The event of a claim or release that changed the record (`before` → `after`), or null when it
 * changed nothing. Shared by the adapters, which decide claims inside their own atomic step.
 */
export function claimEvent(
  before: IssueRecord,
  after: IssueRecord,
  meta: { actor: string; at: string },
): EventDraft | null {
  const changes = CLAIM_FIELDS.flatMap((field) => {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
  if (changes.length === 0) return null;
  return {
    type: after.assignee ? "issue.claimed" : "issue.released",
    at: meta.at,
    actor: meta.actor,
    issue_id: after.id,
    changes,
  };
}

export interface ComponentRecord {
  id: string;
  name: string;
  description: string;
  project: string;
  created_at: string;
  updated_at: string;
  /** Globs of the code paths the component owns (SPEC §4); absent on records written before them. */
  paths?: string[];
}

/** "A DEPENDS_ON B": A cannot close before B. */
export interface DependencyEdge {
  issue_id: string;
  depends_on_id: string;
}

export interface IssueQuery {
  status?: IssueStatus[];
  priority?: Priority[];
  component_id?: string;
  label?: string;
  /** Case-insensitive substring of title or description. */
  q?: string;
  /** Only issues whose component belongs to this project (SPEC §2c); issues without one never match. */
  project?: string;
  /**
   * Only issues not CLOSED that are "blocked" (status BLOCKED, or a prerequisite not CLOSED) or
   * "workable" (every other issue not CLOSED). Answered from indexes the store maintains.
   */
  readiness?: Readiness;
  /** Only issues without a claim held at this instant. */
  unclaimed_at?: string;
  /** created_at | updated_at | priority, optionally prefixed with "-". */
  sort?: string;
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** One step of a breadth-first walk: the node reached, its depth and the id path from the start. */
export interface WalkStep {
  id: string;
  depth: number;
  path: string[];
}

export interface WalkResult {
  steps: WalkStep[];
  /** True when max_depth stopped the walk while edges remained. */
  truncated: boolean;
}

export type Readiness = "blocked" | "workable";

export interface ClaimRequest {
  id: string;
  agent: string;
  /** The new lease's end. */
  expires_at: string;
  /** The instant the claim is decided at (leases ending at or before it have run out). */
  now: string;
  /** Who asks: when given, a claim that changes the record is recorded as an issue.claimed event. */
  actor?: string;
}

export interface ReleaseRequest {
  id: string;
  /** When given, release only if this agent holds the claim (or nobody holds it any more). */
  agent?: string;
  now: string;
  /** Who asks: when given, a release that changes the record is recorded as an issue.released event. */
  actor?: string;
}

/**
 * What a claim or release did. "held": another agent's lease runs (nothing changed); "closed":
 * a closed issue cannot be claimed. `issue` is the record after the operation.
 */
export type ClaimOutcome =
  | { outcome: "claimed" | "released" | "held" | "closed"; issue: IssueRecord }
  | { outcome: "missing" };

export type Direction = "dependents" | "prerequisites";

/** How many issues of one component (null: none) have one status (the projects view). */
export interface IssueCount {
  component_id: string | null;
  status: IssueStatus;
  count: number;
}

/**
 * When a mutation becomes visible to the writers that follow it under the domain's write lock
 * (the store decides, the lock reads it): "on-call" as soon as its method is called, its promise
 * then only waiting for durability, so the lock is released before that wait and concurrent
 * writes share one fsync; "on-resolve" once its promise resolves (durable and visible at once).
 * Readers outside the lock see a write only once it is durable either way (write-scope.ts).
 */
export type WriteVisibility = "on-call" | "on-resolve";

/**
 * Every write below that takes an `event` stores it with the change, atomically and as durably
 * (event-store.ts); without one, the write is recorded as no event.
 */
export interface GraphStore extends CodeGraphStore, EventStoreOf<EventRecord, EventDraft> {
  /** Which adapter this is, for /health ("embedded" | "neo4j"). */
  readonly backend: string;
  /** When a mutation becomes visible to the writers after it (see WriteVisibility). */
  readonly writeVisibility: WriteVisibility;
  /** Opens connections, replays journals, creates constraints. */
  init(): Promise<void>;
  /** What init() repaired or cut (a torn journal tail, a repaired journal), for the log. */
  readonly startupNotes?: readonly string[];
  /** Start-up work a store may defer until the service listens (called once, after the search build). */
  afterStart?(): void;
  close(): Promise<void>;
  /** Cheap liveness probe used by /health; throws when the backend is down. */
  ping(): Promise<void>;

  createIssue(issue: IssueRecord, event?: EventDraft): Promise<void>;
  /** Replaces the stored record (the domain computes the new one). Returns false if absent. */
  updateIssue(issue: IssueRecord, event?: EventDraft): Promise<boolean>;
  /** Deletes the issue with every dependency edge touching it and its notes. Returns false if absent. */
  deleteIssue(id: string, event?: EventDraft): Promise<boolean>;
  getIssue(id: string): Promise<IssueRecord | null>;
  getIssues(ids: string[]): Promise<IssueRecord[]>;
  listIssues(query: IssueQuery): Promise<Page<IssueRecord>>;
  /** Every issue, for analyses that score all candidates (root cause). */
  allIssues(): Promise<IssueRecord[]>;
  countIssuesByComponent(componentId: string): Promise<number>;
  /**
   * Claims the issue for `agent` until `expires_at` unless another agent's lease runs at `now`
   * (the same agent renews). Atomic: of concurrent claims on one issue exactly one succeeds.
   */
  claimIssue(request: ClaimRequest): Promise<ClaimOutcome>;
  /** Clears the claim (see ReleaseRequest.agent); atomic like claimIssue. */
  releaseClaim(request: ReleaseRequest): Promise<ClaimOutcome>;

  createComponent(component: ComponentRecord, event?: EventDraft): Promise<void>;
  updateComponent(component: ComponentRecord, event?: EventDraft): Promise<boolean>;
  deleteComponent(id: string, event?: EventDraft): Promise<boolean>;
  getComponent(id: string): Promise<ComponentRecord | null>;
  findComponentByName(project: string, name: string): Promise<ComponentRecord | null>;
  /** Components in creation order; only those of `project` when given. */
  listComponents(offset: number, limit: number, project?: string): Promise<Page<ComponentRecord>>;
  /** Issue counts by component and status, one entry per pair that has issues (SPEC §2c projects). */
  issueCounts(): Promise<IssueCount[]>;
  /** Issues holding a live claim at `now` (SPEC §2c agents), in creation order. */
  claimedIssues(now: string): Promise<IssueRecord[]>;

  /** Returns false when the edge already existed (idempotent add). */
  addDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean>;
  /**
   * Adds every edge, all or none (one journal line; one transaction), `events[k]` recorded with
   * `edges[k]`. The domain has checked them under its write lock: both ends exist, no edge is
   * there yet, none closes a cycle. Throws (nothing stored, no event) when an end is missing.
   */
  addDependencies(edges: DependencyEdge[], events?: EventDraft[]): Promise<void>;
  /** Every DEPENDS_ON edge (graph export). */
  allDependencies(): Promise<DependencyEdge[]>;
  /** Returns false when there was no such edge. */
  removeDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean>;
  /** Ids this issue depends on, and ids that depend on it. */
  dependenciesOf(id: string): Promise<{ depends_on: string[]; blocks: string[] }>;
  /**
   * Optional batch form of dependenciesOf for a page of issues (one call instead of one per
   * issue). The domain falls back to dependenciesOf when an adapter does not offer it.
   */
  dependenciesOfMany?(ids: string[]): Promise<Map<string, { depends_on: string[]; blocks: string[] }>>;
  /** Shortest id path from `from` to `to` following DEPENDS_ON edges, or null. Used by the cycle guard. */
  findPath(from: string, to: string, maxDepth?: number): Promise<string[] | null>;
  /** Breadth-first walk from `id` (excluded), each node once at its smallest depth. */
  walk(id: string, direction: Direction, maxDepth: number): Promise<WalkResult>;
}
