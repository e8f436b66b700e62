// Issue rules: creation defaults, text rules, component existence, the CLOSED invariants (every
// prerequisite closed first; no reopening under a closed dependent), deletion with dependents,
// If-Match preconditions, listing with validated filters, and the blocked/workable lists.
import { randomUUID } from "node:crypto";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import type { IssueQuery, IssueRecord, IssueStatus, Page, Readiness } from "../ports/graph-store.js";
import type { CreateIssueInput, Issue, PatchIssueInput } from "../schemas/issue.js";
import type { DomainContext } from "./context.js";
import { componentNotFound, DomainError, issueNotFound } from "./errors.js";
import { ANONYMOUS, issueChanges } from "./events/changes.js";
import { etagOf, requireIfMatch } from "./etag.js";
import { IssueViews, issueView, toIssueView } from "./issue-view.js";

/** Which issues a list shows, in which order, and which slice of them (filters as the store's). */
export type IssueListing = Omit<IssueQuery, "readiness" | "unclaimed_at">;

export interface ReadinessOptions {
  /** Only issues nobody holds a live claim on. */
  unclaimed?: boolean;
}

export interface DeleteOptions {
  /** Delete even when other issues depend on it (their edges go with it). */
  force?: boolean;
  ifMatch?: string;
  /** Who deletes it (the event's actor). @default "anonymous" */
  actor?: string;
}

export class IssueService {
  readonly #views = new IssueViews();

  constructor(private readonly ctx: DomainContext) {}

  /** The frozen record a list view was made from, if any (the page serializer reuses its JSON). */
  immutableRecordOf(view: Issue): IssueRecord | undefined {
    return this.#views.immutableRecordOf(view);
  }

  /** `actor`: who creates it, recorded with the issue.created event (SPEC §2c). */
  async create(input: CreateIssueInput, actor: string = ANONYMOUS): Promise<Issue> {
    // Text arrives trimmed and within its limits: the route's schema is the one place for them.
    const { title } = input;
    const description = input.description ?? "";
    const labels = input.labels ?? [];
    const { store } = this.ctx;
    const { durable, record } = await this.ctx.lock.run(async () => {
      if (input.component_id) await this.requireComponent(input.component_id);
      const now = utcTimestamp(this.ctx.now());
      const status = input.status ?? "OPEN";
      const record: IssueRecord = {
        id: randomUUID(),
        title,
        description,
        status,
        priority: input.priority ?? "MEDIUM",
        component_id: input.component_id ?? null,
        labels,
        ...(input.code_refs?.length ? { code_refs: input.code_refs } : {}),
        created_at: now,
        updated_at: now,
        closed_at: status === "CLOSED" ? now : null,
      };
      const event = { type: "issue.created" as const, at: now, actor, issue_id: record.id, issue: record };
      return { ...(await this.ctx.lock.settle(store.createIssue(record, event))), record };
    });
    // Indexed only once durable: a write the disk refuses must not show in search either.
    await durable;
    await this.ctx.indexer.indexIssue(record);
    return issueView(record, { depends_on: [], blocks: [] }, record.created_at);
  }

  async get(id: string): Promise<Issue> {
    const record = await this.ctx.store.getIssue(id);
    if (!record) throw issueNotFound(id);
    return toIssueView(this.ctx.store, record, this.nowText());
  }

  list(listing: IssueListing): Promise<Page<Issue>> {
    return this.page(listing);
  }

  /** Not closed, and status BLOCKED or at least one prerequisite not closed. */
  blocked(listing: IssueListing, options: ReadinessOptions = {}): Promise<Page<Issue>> {
    return this.byReadiness("blocked", listing, options);
  }

  /** Not closed, not status BLOCKED, and every prerequisite closed (or none). */
  workable(listing: IssueListing, options: ReadinessOptions = {}): Promise<Page<Issue>> {
    return this.byReadiness("workable", listing, options);
  }

  async update(
    id: string,
    patch: PatchIssueInput,
    ifMatch?: string,
    actor: string = ANONYMOUS,
  ): Promise<Issue> {
    const { title } = patch;
    const { store } = this.ctx;
    const { durable, record } = await this.ctx.lock.run(async () => {
      const current = await this.requireCurrent(id, ifMatch);
      if (patch.component_id) await this.requireComponent(patch.component_id);
      const status = patch.status ?? current.status;
      const closing = status === "CLOSED" && current.status !== "CLOSED";
      if (closing) await this.requirePrerequisitesClosed(id);
      if (current.status === "CLOSED" && status !== "CLOSED") await this.requireNoClosedDependents(id);
      const now = utcTimestamp(this.ctx.now());
      const record: IssueRecord = {
        ...current,
        ...(title !== undefined ? { title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.component_id !== undefined ? { component_id: patch.component_id } : {}),
        ...(patch.labels !== undefined ? { labels: patch.labels } : {}),
        ...(patch.code_refs !== undefined ? { code_refs: patch.code_refs } : {}),
        status,
        updated_at: now,
        // Reopening clears closed_at; closing stamps it; staying closed keeps the first stamp.
        closed_at: status !== "CLOSED" ? null : current.status === "CLOSED" ? current.closed_at : now,
        // Closing ends the work, and with it the claim.
        ...(closing ? { assignee: null, claim_expires_at: null } : {}),
      };
      const changes = issueChanges(current, record);
      const event = { type: "issue.updated" as const, at: now, actor, issue_id: id, changes };
      return { ...(await this.ctx.lock.settle(store.updateIssue(record, event))), record };
    });
    const updated = await durable;
    if (!updated) throw issueNotFound(id);
    await this.ctx.indexer.indexIssue(record);
    return toIssueView(store, record, this.nowText());
  }

  async delete(id: string, options: DeleteOptions = {}): Promise<void> {
    const { store } = this.ctx;
    const { durable, notes } = await this.ctx.lock.run(async () => {
      await this.requireCurrent(id, options.ifMatch);
      if (!options.force) await this.requireNoDependents(id);
      // Its notes go with it, from search too.
      const notes = await store.listNotes(id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
      const at = utcTimestamp(this.ctx.now());
      const event = { type: "issue.deleted" as const, at, actor: options.actor ?? ANONYMOUS, issue_id: id };
      return { ...(await this.ctx.lock.settle(store.deleteIssue(id, event))), notes: notes.items };
    });
    if (!(await durable)) throw issueNotFound(id);
    await this.ctx.indexer.remove("issue", id);
    for (const note of notes) await this.ctx.indexer.remove("note", note.id);
  }

  /** The API view of a record, at the service's clock. */
  viewOf(record: IssueRecord): Promise<Issue> {
    return toIssueView(this.ctx.store, record, this.nowText());
  }

  nowText(): string {
    return utcTimestamp(this.ctx.now());
  }

  private byReadiness(
    readiness: Readiness,
    listing: IssueListing,
    options: ReadinessOptions,
  ): Promise<Page<Issue>> {
    return this.page({
      ...listing,
      readiness,
      ...(options.unclaimed ? { unclaimed_at: this.nowText() } : {}),
    });
  }

  private async page(query: IssueQuery): Promise<Page<Issue>> {
    const result = await this.ctx.store.listIssues(query);
    return { items: await this.#views.of(this.ctx.store, result.items, this.nowText()), total: result.total };
  }

  /** The stored issue, after checking If-Match against its current representation. */
  private async requireCurrent(id: string, ifMatch: string | undefined): Promise<IssueRecord> {
    const current = await this.ctx.store.getIssue(id);
    if (!current) throw issueNotFound(id);
    if (ifMatch !== undefined) requireIfMatch(ifMatch, etagOf(await this.viewOf(current)), `Issue "${id}"`);
    return current;
  }

  private async requireComponent(id: string): Promise<void> {
    if (!(await this.ctx.store.getComponent(id))) throw componentNotFound(id);
  }

  private async requirePrerequisitesClosed(id: string): Promise<void> {
    const { depends_on } = await this.ctx.store.dependenciesOf(id);
    const open = (await this.ctx.store.getIssues(depends_on)).filter((i) => i.status !== "CLOSED");
    if (open.length === 0) return;
    const ids = open.map((i) => i.id);
    throw new DomainError(
      "OPEN_DEPENDENCIES",
      `Issue "${id}" cannot be closed while ${open.length} issue(s) it depends on are not closed: ${ids.join(", ")}.`,
      { open_dependencies: open.map(summary) },
    );
  }

  // A closed issue never has an open prerequisite: reopening one of its prerequisites would
  // break that, so the dependents must be reopened first (or the edge removed).
  private async requireNoClosedDependents(id: string): Promise<void> {
    const { blocks } = await this.ctx.store.dependenciesOf(id);
    const closed = (await this.ctx.store.getIssues(blocks)).filter((i) => i.status === "CLOSED");
    if (closed.length === 0) return;
    const ids = closed.map((i) => i.id);
    throw new DomainError(
      "HAS_CLOSED_DEPENDENTS",
      `Issue "${id}" cannot be reopened while ${closed.length} closed issue(s) depend on it: ${ids.join(", ")}; reopen them first or remove the dependency.`,
      { closed_dependents: closed.map(summary) },
    );
  }

  private async requireNoDependents(id: string): Promise<void> {
    const { blocks } = await this.ctx.store.dependenciesOf(id);
    if (blocks.length === 0) return;
    const dependents = await this.ctx.store.getIssues(blocks);
    throw new DomainError(
      "HAS_DEPENDENTS",
      `Issue "${id}" cannot be deleted while ${dependents.length} issue(s) depend on it: ${blocks.join(", ")}; remove those dependencies or delete with ?force=true.`,
      { dependents: dependents.map(summary) },
    );
  }
}

function summary(i: IssueRecord): { id: string; title: string; status: IssueStatus } {
  return { id: i.id, title: i.title, status: i.status };
}
