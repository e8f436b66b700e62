// An issue's prerequisites, direct and transitive (SPEC §2c): impact's mirror. What must be
// closed before this one can be, each with its depth and the id path from the issue.
import type { IssueStatus } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { issueNotFound } from "../errors.js";

export interface Prerequisite {
  id: string;
  title: string;
  status: IssueStatus;
  depth: number;
  /** Ids from the issue asked about to this prerequisite. */
  path: string[];
}

export interface DependencyChainReport {
  issue_id: string;
  prerequisites: Prerequisite[];
  /** Prerequisites not CLOSED: what still stands between the issue and closing it. */
  open_count: number;
  /** True when max_depth stopped the walk while prerequisites lay further. */
  truncated: boolean;
}

export const DEFAULT_CHAIN_DEPTH = 10;

export class DependencyChain {
  constructor(private readonly ctx: DomainContext) {}

  async of(issueId: string, maxDepth = DEFAULT_CHAIN_DEPTH): Promise<DependencyChainReport> {
    const { store } = this.ctx;
    if (!(await store.getIssue(issueId))) throw issueNotFound(issueId);
    const walk = await store.walk(issueId, "prerequisites", maxDepth);
    const records = new Map((await store.getIssues(walk.steps.map((s) => s.id))).map((r) => [r.id, r]));
    const prerequisites: Prerequisite[] = [];
    for (const step of walk.steps) {
      const r = records.get(step.id);
      if (r)
        prerequisites.push({
          id: r.id,
          title: r.title,
          status: r.status,
          depth: step.depth,
          path: step.path,
        });
    }
    return {
      issue_id: issueId,
      prerequisites,
      open_count: prerequisites.filter((p) => p.status !== "CLOSED").length,
      truncated: walk.truncated,
    };
  }
}
