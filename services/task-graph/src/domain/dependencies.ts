// Dependency rules: "id depends on depends_on_id"; never on itself; never closing a cycle;
// adding an existing edge is a no-op the caller can tell apart (200 instead of 201); a closed
// issue never gets a prerequisite that is not closed.
import type { DependencyEdge, IssueRecord } from "../ports/graph-store.js";
import type { DomainContext } from "./context.js";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import { DomainError, invalidArgument, issueNotFound } from "./errors.js";
import { ANONYMOUS, listChange } from "./events/changes.js";

export interface AddedDependency {
  edge: DependencyEdge;
  created: boolean;
}

export class DependencyService {
  constructor(private readonly ctx: DomainContext) {}

  /** `actor`: who adds it, recorded with the dependency.added event (SPEC §2c). */
  async add(issueId: string, dependsOnId: string, actor: string = ANONYMOUS): Promise<AddedDependency> {
    if (issueId === dependsOnId)
      throw invalidArgument("depends_on_id", "must not be the issue's own id", "body");
    const edge = { issue_id: issueId, depends_on_id: dependsOnId };
    const { store } = this.ctx;
    const { durable } = await this.ctx.lock.run(async () => {
      const issue = await this.requireIssue(issueId);
      const prerequisite = await this.requireIssue(dependsOnId);
      const { depends_on } = await store.dependenciesOf(issueId);
      if (depends_on.includes(dependsOnId)) return { durable: Promise.resolve(false) };
      if (issue.status === "CLOSED" && prerequisite.status !== "CLOSED") {
        throw new DomainError(
          "ISSUE_CLOSED",
          `Issue "${issueId}" is closed and cannot depend on "${dependsOnId}", which is ${prerequisite.status}; reopen it first.`,
          { issue_id: issueId, depends_on_id: dependsOnId, depends_on_status: prerequisite.status },
        );
      }
      // The new edge closes a loop exactly when the prerequisite already reaches the issue.
      const back = await store.findPath(dependsOnId, issueId);
      if (back) {
        const cycle = [issueId, ...back];
        throw new DomainError(
          "CIRCULAR_DEPENDENCY",
          `Issue "${issueId}" cannot depend on "${dependsOnId}": that would close the cycle ${cycle.join(" -> ")}.`,
          { cycle },
        );
      }
      const event = {
        type: "dependency.added" as const,
        at: utcTimestamp(this.ctx.now()),
        actor,
        ...edge,
        changes: listChange("depends_on", depends_on, [...depends_on, dependsOnId]),
      };
      return this.ctx.lock.settle(store.addDependency(edge, event));
    });
    return { edge, created: await durable };
  }

  async remove(issueId: string, dependsOnId: string, actor: string = ANONYMOUS): Promise<void> {
    const { store } = this.ctx;
    const { durable } = await this.ctx.lock.run(async () => {
      await this.requireIssue(issueId);
      const { depends_on } = await store.dependenciesOf(issueId);
      const edge = { issue_id: issueId, depends_on_id: dependsOnId };
      const event = {
        type: "dependency.removed" as const,
        at: utcTimestamp(this.ctx.now()),
        actor,
        ...edge,
        changes: listChange(
          "depends_on",
          depends_on,
          depends_on.filter((d) => d !== dependsOnId),
        ),
      };
      return this.ctx.lock.settle(store.removeDependency(edge, event));
    });
    if (!(await durable)) {
      throw new DomainError(
        "DEPENDENCY_NOT_FOUND",
        `Issue "${issueId}" does not depend on "${dependsOnId}".`,
        { issue_id: issueId, depends_on_id: dependsOnId },
      );
    }
  }

  async of(issueId: string): Promise<{ depends_on: string[]; blocks: string[] }> {
    await this.requireIssue(issueId);
    return this.ctx.store.dependenciesOf(issueId);
  }

  private async requireIssue(id: string): Promise<IssueRecord> {
    const issue = await this.ctx.store.getIssue(id);
    if (!issue) throw issueNotFound(id);
    return issue;
  }
}
