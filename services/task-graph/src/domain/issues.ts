// Issue rules: creation defaults, trimming, component existence, the CLOSED rule (every
// prerequisite closed first) and closed_at bookkeeping, listing with validated filters.
import { randomUUID } from "node:crypto";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import type { IssueRecord, IssueStatus, Priority } from "../ports/graph-store.js";
import { type Envelope, envelope } from "../schemas/common.js";
import type {
  CreateIssueInput,
  Issue,
  ListIssuesInput,
  PageInput,
  PatchIssueInput,
} from "../schemas/issue.js";
import type { DomainContext } from "./context.js";
import { componentNotFound, invalidField, issueNotFound, taskGraphError } from "./errors.js";
import { issueView, toIssueView, toIssueViews } from "./issue-view.js";
import { parseEnumList } from "./query-lists.js";
import { settle } from "./write-lock.js";

const STATUSES: readonly IssueStatus[] = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"];
const PRIORITIES: readonly Priority[] = ["LOW", "MEDIUM", "HIGH", "CRITICAL"];

export class IssueService {
  constructor(private readonly ctx: DomainContext) {}

  async create(input: CreateIssueInput): Promise<Issue> {
    const title = checkTitle(input.title);
    const { store } = this.ctx;
    const { durable, record } = await this.ctx.lock.run(async () => {
      if (input.component_id) await this.requireComponent(input.component_id);
      const now = utcTimestamp(this.ctx.now());
      const status = input.status ?? "OPEN";
      const record: IssueRecord = {
        id: randomUUID(),
        title,
        description: input.description ?? "",
        status,
        priority: input.priority ?? "MEDIUM",
        component_id: input.component_id ?? null,
        labels: input.labels ?? [],
        created_at: now,
        updated_at: now,
        closed_at: status === "CLOSED" ? now : null,
      };
      return { ...(await settle(store.createIssue(record), this.ctx.visibleAtCall)), record };
    });
    // Index while the write is being made durable: CPU work overlaps the disk sync.
    const indexed = this.ctx.indexer.indexIssue(record);
    await durable;
    await indexed;
    return issueView(record, { depends_on: [], blocks: [] });
  }

  async get(id: string): Promise<Issue> {
    const record = await this.ctx.store.getIssue(id);
    if (!record) throw issueNotFound(id);
    return toIssueView(this.ctx.store, record);
  }

  async list(q: ListIssuesInput): Promise<Envelope<Issue>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const status = q.status === undefined ? undefined : parseEnumList("status", q.status, STATUSES);
    const priority = q.priority === undefined ? undefined : parseEnumList("priority", q.priority, PRIORITIES);
    const result = await this.ctx.store.listIssues({
      ...(status ? { status } : {}),
      ...(priority ? { priority } : {}),
      ...(q.component_id ? { component_id: q.component_id } : {}),
      ...(q.label ? { label: q.label } : {}),
      ...(q.q ? { q: q.q } : {}),
      sort: q.sort ?? "created_at",
      offset: (page - 1) * limit,
      limit,
    });
    return envelope(await toIssueViews(this.ctx.store, result.items), result.total, page, limit);
  }

  async update(id: string, patch: PatchIssueInput): Promise<Issue> {
    const title = patch.title === undefined ? undefined : checkTitle(patch.title);
    const { store } = this.ctx;
    const { durable, record } = await this.ctx.lock.run(async () => {
      const current = await store.getIssue(id);
      if (!current) throw issueNotFound(id);
      if (patch.component_id) await this.requireComponent(patch.component_id);
      const status = patch.status ?? current.status;
      if (status === "CLOSED" && current.status !== "CLOSED") await this.requirePrerequisitesClosed(id);
      const now = utcTimestamp(this.ctx.now());
      const record: IssueRecord = {
        ...current,
        ...(title !== undefined ? { title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.component_id !== undefined ? { component_id: patch.component_id } : {}),
        ...(patch.labels !== undefined ? { labels: patch.labels } : {}),
        status,
        updated_at: now,
        // Reopening clears closed_at; closing stamps it; staying closed keeps the first stamp.
        closed_at: status !== "CLOSED" ? null : current.status === "CLOSED" ? current.closed_at : now,
      };
      return { ...(await settle(store.updateIssue(record), this.ctx.visibleAtCall)), record };
    });
    const indexed = this.ctx.indexer.indexIssue(record);
    const updated = await durable;
    await indexed;
    if (!updated) throw issueNotFound(id);
    return toIssueView(store, record);
  }

  async delete(id: string): Promise<void> {
    const { durable } = await this.ctx.lock.run(async () =>
      settle(this.ctx.store.deleteIssue(id), this.ctx.visibleAtCall),
    );
    if (!(await durable)) throw issueNotFound(id);
    await this.ctx.indexer.remove("issue", id);
  }

  /** Not closed, and at least one prerequisite is not closed. */
  blocked(q: PageInput): Promise<Envelope<Issue>> {
    return this.byPrerequisites(q, (open) => open > 0);
  }

  /** Not closed, and every prerequisite is closed (or there are none). */
  workable(q: PageInput): Promise<Envelope<Issue>> {
    return this.byPrerequisites(q, (open) => open === 0);
  }

  private async byPrerequisites(q: PageInput, keep: (openPrerequisites: number) => boolean) {
    const page = q.page ?? 1;
    const limit = q.limit ?? 20;
    const { store } = this.ctx;
    const all = await store.allIssues();
    const status = new Map(all.map((i) => [i.id, i.status]));
    const matches: IssueRecord[] = [];
    for (const issue of all) {
      if (issue.status === "CLOSED") continue;
      const { depends_on } = await store.dependenciesOf(issue.id);
      const open = depends_on.filter((d) => status.get(d) !== "CLOSED").length;
      if (keep(open)) matches.push(issue);
    }
    matches.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    const items = matches.slice((page - 1) * limit, page * limit);
    return envelope(await toIssueViews(store, items), matches.length, page, limit);
  }

  private async requireComponent(id: string): Promise<void> {
    if (!(await this.ctx.store.getComponent(id))) throw componentNotFound(id);
  }

  private async requirePrerequisitesClosed(id: string): Promise<void> {
    const { depends_on } = await this.ctx.store.dependenciesOf(id);
    const open = (await this.ctx.store.getIssues(depends_on)).filter((i) => i.status !== "CLOSED");
    if (open.length === 0) return;
    const ids = open.map((i) => i.id);
    throw taskGraphError(
      "OPEN_DEPENDENCIES",
      `Issue "${id}" cannot be closed while ${open.length} issue(s) it depends on are not closed: ${ids.join(", ")}.`,
      { open_dependencies: open.map((i) => ({ id: i.id, title: i.title, status: i.status })) },
    );
  }
}

function checkTitle(raw: string): string {
  const title = raw.trim();
  if (title.length === 0) throw invalidField("title", "must not be blank");
  if (title.length > 200) throw invalidField("title", "must be at most 200 characters long after trimming");
  return title;
}
