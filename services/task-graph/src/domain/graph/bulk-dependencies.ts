// Bulk dependencies (SPEC §2c): "issue depends on each of depends_on_ids", all or none. Every
// edge is checked under the write lock with the single-edge rules (the issue and each
// prerequisite exist, not itself, a closed issue gets no open prerequisite, no cycle), then the
// new ones are written in one store call (one journal line; one transaction) with one
// dependency.added event each. The first id that breaks a rule is named and nothing is written.
import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import type { DependencyEdge, EventDraft, IssueRecord } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { DomainError, invalidArgument, issueNotFound } from "../errors.js";
import { ANONYMOUS, listChange } from "../events/changes.js";

export interface BulkResult {
  /** Prerequisites this call added, in the order asked. */
  added: string[];
  /** Prerequisites the issue had already (left as they were). */
  existing: string[];
}

export class BulkDependencies {
  constructor(private readonly ctx: DomainContext) {}

  async add(issueId: string, dependsOnIds: string[], actor: string = ANONYMOUS): Promise<BulkResult> {
    // A prerequisite named twice is one edge.
    const wanted = [...new Set(dependsOnIds)];
    if (wanted.includes(issueId))
      throw invalidArgument("depends_on_ids", `must not contain the issue's own id "${issueId}"`, "body");
    const { durable, result } = await this.ctx.lock.run(async () => {
      const issue = await this.requireIssue(issueId);
      const { depends_on } = await this.ctx.store.dependenciesOf(issueId);
      const existing = wanted.filter((id) => depends_on.includes(id));
      const added = wanted.filter((id) => !depends_on.includes(id));
      for (const id of added) await this.check(issue, id);
      const edges = added.map((id) => ({ issue_id: issueId, depends_on_id: id }));
      const write = this.ctx.store.addDependencies(edges, this.events(edges, depends_on, actor));
      return { ...(await this.ctx.lock.settle(write)), result: { added, existing } };
    });
    await durable;
    return result;
  }

  /** The single-edge rules (DependencyService.add) for one new prerequisite. */
  private async check(issue: IssueRecord, dependsOnId: string): Promise<void> {
    const prerequisite = await this.ctx.store.getIssue(dependsOnId);
    if (!prerequisite) {
      throw new DomainError(
        "ISSUE_NOT_FOUND",
        `Issue "${dependsOnId}" does not exist; no dependency was added.`,
        {
          depends_on_id: dependsOnId,
        },
      );
    }
    if (issue.status === "CLOSED" && prerequisite.status !== "CLOSED") {
      throw new DomainError(
        "ISSUE_CLOSED",
        `Issue "${issue.id}" is closed and cannot depend on "${dependsOnId}", which is ${prerequisite.status}; no dependency was added.`,
        { issue_id: issue.id, depends_on_id: dependsOnId, depends_on_status: prerequisite.status },
      );
    }
    // Every new edge starts at the issue, so only a path already there can close a loop.
    const back = await this.ctx.store.findPath(dependsOnId, issue.id);
    if (back) {
      const cycle = [issue.id, ...back];
      throw new DomainError(
        "CIRCULAR_DEPENDENCY",
        `Issue "${issue.id}" cannot depend on "${dependsOnId}": that would close the cycle ${cycle.join(" -> ")}; no dependency was added.`,
        { cycle, depends_on_id: dependsOnId },
      );
    }
  }

  /** One dependency.added per edge; each event's `changes` shows the list growing by one. */
  private events(edges: DependencyEdge[], before: string[], actor: string): EventDraft[] {
    const at = utcTimestamp(this.ctx.now());
    let list = before;
    return edges.map((edge) => {
      const next = [...list, edge.depends_on_id];
      const event: EventDraft = {
        type: "dependency.added",
        at,
        actor,
        ...edge,
        changes: listChange("depends_on", list, next),
      };
      list = next;
      return event;
    });
  }

  private async requireIssue(id: string): Promise<IssueRecord> {
    const issue = await this.ctx.store.getIssue(id);
    if (!issue) throw issueNotFound(id);
    return issue;
  }
}
