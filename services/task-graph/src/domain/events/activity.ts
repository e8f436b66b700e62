// An issue's history (SPEC §2c: GET /issues/{id}/activity): the events about it, newest first,
// from the same store as the event stream (its newest ACTIVITY_KEPT events).
import type { EventRecord, Page } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { issueNotFound } from "../errors.js";

export class ActivityService {
  constructor(private readonly ctx: DomainContext) {}

  async of(issueId: string, offset: number, limit: number): Promise<Page<EventRecord>> {
    if (!(await this.ctx.store.getIssue(issueId))) throw issueNotFound(issueId);
    return this.ctx.store.issueActivity(issueId, offset, limit);
  }
}
