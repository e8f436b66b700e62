// The agents view (SPEC §2c): every agent that holds a live claim or acted in the last 24 hours,
// with its claims and when it was last seen. Actors come from the retained event window (the
// newest EVENTS_RETAINED events); "anonymous" is no agent.
import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import type { DomainContext } from "../context.js";
import { ANONYMOUS } from "../events/changes.js";

export interface AgentView {
  name: string;
  claims: { issue_id: string; expires_at: string }[];
  /** The time of the agent's latest event in the window, or null when it only holds claims. */
  last_seen: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 1000;

export class Agents {
  constructor(private readonly ctx: DomainContext) {}

  /** Most recently seen first; agents seen at the same time (or only claiming) by name. */
  async list(): Promise<AgentView[]> {
    const now = this.ctx.now();
    const agents = new Map<string, AgentView>();
    const agent = (name: string) => {
      const known = agents.get(name);
      if (known) return known;
      const view: AgentView = { name, claims: [], last_seen: null };
      agents.set(name, view);
      return view;
    };
    for (const issue of await this.ctx.store.claimedIssues(utcTimestamp(now))) {
      if (issue.assignee && issue.claim_expires_at)
        agent(issue.assignee).claims.push({ issue_id: issue.id, expires_at: issue.claim_expires_at });
    }
    const since = utcTimestamp(new Date(now.getTime() - DAY_MS));
    for await (const event of this.eventsSince(since)) {
      if (event.actor === ANONYMOUS) continue;
      const view = agent(event.actor);
      if (view.last_seen === null || event.at > view.last_seen) view.last_seen = event.at;
    }
    return [...agents.values()].sort(
      (a, b) => (b.last_seen ?? "").localeCompare(a.last_seen ?? "") || a.name.localeCompare(b.name),
    );
  }

  /** The retained events at or after `since`, read in pages. */
  private async *eventsSince(since: string): AsyncGenerator<{ actor: string; at: string }> {
    let after = 0;
    for (;;) {
      const window = await this.ctx.store.readEvents(after, PAGE);
      for (const e of window.events) if (e.at >= since) yield e;
      const lastRead = window.events.at(-1);
      if (!lastRead || window.events.length < PAGE) return;
      after = lastRead.id;
    }
  }
}
