// Component rules: trimmed names unique per project, no deletion while issues still use it.
import { randomUUID } from "node:crypto";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import type { ComponentRecord, Page } from "../ports/graph-store.js";
import type { CreateComponentInput, PatchComponentInput } from "../schemas/component.js";
import type { DomainContext } from "./context.js";
import { componentNotFound, DomainError } from "./errors.js";
import { ANONYMOUS, componentChanges } from "./events/changes.js";

const DEFAULT_PROJECT = "default";

export class ComponentService {
  constructor(private readonly ctx: DomainContext) {}

  /** `actor`: who creates it, recorded with the component.created event (SPEC §2c). */
  async create(input: CreateComponentInput, actor: string = ANONYMOUS): Promise<ComponentRecord> {
    // Names and projects arrive trimmed and within their limits (the route's schema).
    const { name } = input;
    const project = input.project ?? DEFAULT_PROJECT;
    const { durable, record } = await this.ctx.lock.run(async () => {
      await this.requireFreeName(project, name, null);
      const now = utcTimestamp(this.ctx.now());
      const record: ComponentRecord = {
        id: randomUUID(),
        name,
        description: input.description ?? "",
        project,
        created_at: now,
        updated_at: now,
        ...(input.paths?.length ? { paths: input.paths } : {}),
      };
      const event = {
        type: "component.created" as const,
        at: now,
        actor,
        component_id: record.id,
        component: record,
      };
      return { ...(await this.ctx.lock.settle(this.ctx.store.createComponent(record, event))), record };
    });
    await durable;
    await this.ctx.indexer.indexComponent(record);
    return record;
  }

  async get(id: string): Promise<ComponentRecord> {
    const c = await this.ctx.store.getComponent(id);
    if (!c) throw componentNotFound(id);
    return c;
  }

  /** Components in creation order, `limit` of them from `offset`; only `project`'s when given. */
  list(offset: number, limit: number, project?: string): Promise<Page<ComponentRecord>> {
    return this.ctx.store.listComponents(offset, limit, project);
  }

  async update(id: string, patch: PatchComponentInput, actor: string = ANONYMOUS): Promise<ComponentRecord> {
    const { name, project } = patch;
    const { durable, record } = await this.ctx.lock.run(async () => {
      const current = await this.get(id);
      const record: ComponentRecord = {
        ...current,
        ...(name !== undefined ? { name } : {}),
        ...(project !== undefined ? { project } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.paths !== undefined ? { paths: patch.paths } : {}),
        updated_at: utcTimestamp(this.ctx.now()),
      };
      await this.requireFreeName(record.project, record.name, id);
      const event = {
        type: "component.updated" as const,
        at: record.updated_at,
        actor,
        component_id: id,
        changes: componentChanges(current, record),
      };
      return { ...(await this.ctx.lock.settle(this.ctx.store.updateComponent(record, event))), record };
    });
    if (!(await durable)) throw componentNotFound(id);
    await this.ctx.indexer.indexComponent(record);
    return record;
  }

  async delete(id: string, actor: string = ANONYMOUS): Promise<void> {
    const { durable } = await this.ctx.lock.run(async () => {
      await this.get(id);
      const inUse = await this.ctx.store.countIssuesByComponent(id);
      if (inUse > 0) {
        throw new DomainError(
          "COMPONENT_IN_USE",
          `Component "${id}" still has ${inUse} issue(s); move or delete them first.`,
          { component_id: id, issue_count: inUse },
        );
      }
      const event = {
        type: "component.deleted" as const,
        at: utcTimestamp(this.ctx.now()),
        actor,
        component_id: id,
      };
      return this.ctx.lock.settle(this.ctx.store.deleteComponent(id, event));
    });
    if (!(await durable)) throw componentNotFound(id);
    await this.ctx.indexer.remove("component", id);
  }

  private async requireFreeName(project: string, name: string, self: string | null): Promise<void> {
    const existing = await this.ctx.store.findComponentByName(project, name);
    if (existing && existing.id !== self) {
      throw new DomainError(
        "DUPLICATE_COMPONENT",
        `A component named "${name}" already exists in project "${project}".`,
        { id: existing.id, name, project },
      );
    }
  }
}
