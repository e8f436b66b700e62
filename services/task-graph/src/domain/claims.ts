// Claims for teams of agents: an agent claims an issue for a lease (default 15 minutes); another
// agent's claim while it runs is 409 ALREADY_CLAIMED naming the holder; the holder renews by
// claiming again; a lease that runs out frees the issue by itself (reads show no assignee and
// the next claim wins). The check and the write are one atomic store operation.
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import type { ClaimOutcome, IssueRecord } from "../ports/graph-store.js";
import type { Issue } from "../schemas/issue.js";
import type { DomainContext } from "./context.js";
import { DomainError, issueNotFound } from "./errors.js";
import { ANONYMOUS } from "./events/changes.js";
import { toIssueView } from "./issue-view.js";

const DEFAULT_LEASE_SECONDS = 900;

export class ClaimService {
  constructor(private readonly ctx: DomainContext) {}

  /**
   * `agent` trimmed and within its limits (the route's schema is the one place for them);
   * `actor`: who asks, recorded with the issue.claimed event (SPEC §2c). @default the agent
   */
  async claim(
    id: string,
    agent: string,
    leaseSeconds: number = DEFAULT_LEASE_SECONDS,
    actor: string = agent,
  ): Promise<Issue> {
    const leaseMs = leaseSeconds * 1000;
    const outcome = await this.run(() => {
      const now = this.ctx.now();
      return this.ctx.store.claimIssue({
        id,
        agent,
        now: utcTimestamp(now),
        expires_at: utcTimestamp(new Date(now.getTime() + leaseMs)),
        actor,
      });
    });
    return this.answer(id, outcome);
  }

  /**
   * `agent`, when given: release only that agent's claim (trimmed, as for claim). `actor`: who
   * asks, recorded with the issue.released event. @default the agent, else "anonymous"
   */
  async release(id: string, agent?: string, actor: string = agent ?? ANONYMOUS): Promise<Issue> {
    const outcome = await this.run(() =>
      this.ctx.store.releaseClaim({
        id,
        now: utcTimestamp(this.ctx.now()),
        ...(agent !== undefined ? { agent } : {}),
        actor,
      }),
    );
    return this.answer(id, outcome);
  }

  // Under the write lock like every other write, so a claim never interleaves with a PATCH
  // that read the record before it.
  private async run(op: () => Promise<ClaimOutcome>): Promise<ClaimOutcome> {
    const { durable } = await this.ctx.lock.run(() => this.ctx.lock.settle(op()));
    return durable;
  }

  private answer(id: string, outcome: ClaimOutcome): Promise<Issue> {
    if (outcome.outcome === "missing") throw issueNotFound(id);
    const { issue } = outcome;
    if (outcome.outcome === "held") throw alreadyClaimed(issue);
    if (outcome.outcome === "closed") {
      throw new DomainError("ISSUE_CLOSED", `Issue "${id}" is closed; there is nothing left to claim.`, {
        id,
        status: issue.status,
      });
    }
    return toIssueView(this.ctx.store, issue, utcTimestamp(this.ctx.now()));
  }
}

function alreadyClaimed(issue: IssueRecord) {
  return new DomainError(
    "ALREADY_CLAIMED",
    `Issue "${issue.id}" is claimed by "${issue.assignee}" until ${issue.claim_expires_at}.`,
    { id: issue.id, assignee: issue.assignee, claim_expires_at: issue.claim_expires_at },
  );
}
