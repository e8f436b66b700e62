// The dependency graph as data (SPEC §2c): issues as nodes, DEPENDS_ON as edges, narrowed by
// status, component, project or the neighbourhood of a root issue. Past `maxNodes` it refuses
// (413 GRAPH_TOO_LARGE) instead of building an answer no client can draw. Building 20,000 nodes
// gives way to the event loop every few milliseconds (TimeSlicer), so other requests are answered
// in between.

import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import { claimHeld, type IssueRecord, type IssueStatus, type Priority } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { DomainError, issueNotFound } from "../errors.js";
import { TimeSlicer } from "../search/time-slicer.js";
import { allComponents } from "./projects.js";

export interface GraphNode {
  id: string;
  title: string;
  status: IssueStatus;
  priority: Priority;
  component_id: string | null;
  /** The agent holding a live claim, else null. */
  assignee: string | null;
}

export interface GraphEdge {
  /** The dependent issue. */
  from: string;
  /** Its prerequisite. */
  to: string;
  type: "depends_on";
}

export interface DependencyGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface GraphFilter {
  status?: IssueStatus[];
  component_id?: string;
  project?: string;
  /** Only issues within `depth` dependency hops of this one (either direction), itself included. */
  root?: string;
  depth?: number;
}

/** SPEC §2c: more nodes than this → 413, asking for a filter. */
export const GRAPH_MAX_NODES = 20_000;
const DEFAULT_GRAPH_DEPTH = 10;

export class GraphExport {
  constructor(
    private readonly ctx: DomainContext,
    private readonly maxNodes: number = GRAPH_MAX_NODES,
  ) {}

  async build(filter: GraphFilter): Promise<DependencyGraph> {
    const slicer = new TimeSlicer();
    const matches = await this.matcher(filter);
    const issues: IssueRecord[] = [];
    for (const issue of await this.candidates(filter)) {
      if (matches(issue)) issues.push(issue);
      if (slicer.due) await slicer.pause();
    }
    if (issues.length > this.maxNodes) {
      throw new DomainError(
        "GRAPH_TOO_LARGE",
        `The graph would have ${issues.length} nodes, more than ${this.maxNodes}; narrow it with status, component_id, project or root and depth.`,
        { nodes: issues.length, max_nodes: this.maxNodes },
      );
    }
    const now = utcTimestamp(this.ctx.now());
    const ids = new Set<string>();
    const nodes: GraphNode[] = [];
    for (const issue of issues) {
      ids.add(issue.id);
      nodes.push(nodeOf(issue, now));
      if (slicer.due) await slicer.pause();
    }
    const edges: GraphEdge[] = [];
    for (const e of await this.ctx.store.allDependencies()) {
      if (ids.has(e.issue_id) && ids.has(e.depends_on_id))
        edges.push({ from: e.issue_id, to: e.depends_on_id, type: "depends_on" });
      if (slicer.due) await slicer.pause();
    }
    return { nodes, edges };
  }

  /** Every issue, or the root's neighbourhood (prerequisites and dependents within depth). */
  private async candidates(filter: GraphFilter): Promise<IssueRecord[]> {
    const { store } = this.ctx;
    if (filter.root === undefined) return store.allIssues();
    const root = await store.getIssue(filter.root);
    if (!root) throw issueNotFound(filter.root);
    const depth = filter.depth ?? DEFAULT_GRAPH_DEPTH;
    const [up, down] = await Promise.all([
      store.walk(root.id, "prerequisites", depth),
      store.walk(root.id, "dependents", depth),
    ]);
    const ids = [...new Set([...up.steps, ...down.steps].map((s) => s.id))];
    return [root, ...(await store.getIssues(ids))];
  }

  private async matcher(filter: GraphFilter): Promise<(i: IssueRecord) => boolean> {
    const statuses = filter.status?.length ? new Set<string>(filter.status) : null;
    const inProject = filter.project === undefined ? null : await this.componentsOf(filter.project);
    return (i) =>
      (!statuses || statuses.has(i.status)) &&
      (filter.component_id === undefined || i.component_id === filter.component_id) &&
      (!inProject || (i.component_id !== null && inProject.has(i.component_id)));
  }

  private async componentsOf(project: string): Promise<Set<string>> {
    return new Set((await allComponents(this.ctx.store, project)).map((c) => c.id));
  }
}

function nodeOf(i: IssueRecord, now: string): GraphNode {
  return {
    id: i.id,
    title: i.title,
    status: i.status,
    priority: i.priority,
    component_id: i.component_id,
    assignee: claimHeld(i, now) ? (i.assignee ?? null) : null,
  };
}
