// Projects (SPEC §2c): a project is the `project` its components name. For each, how many
// components and how many issues in each status; issues without a component belong to none.
import type { ComponentRecord, GraphStore, IssueStatus } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";

export interface ProjectSummary {
  name: string;
  components: number;
  issues: { open: number; in_progress: number; blocked: number; closed: number };
}

const STATUS_KEY = {
  OPEN: "open",
  IN_PROGRESS: "in_progress",
  BLOCKED: "blocked",
  CLOSED: "closed",
} as const satisfies Record<IssueStatus, keyof ProjectSummary["issues"]>;

export class Projects {
  constructor(private readonly ctx: DomainContext) {}

  /** Every project with components, by name. */
  async list(): Promise<ProjectSummary[]> {
    const components = await allComponents(this.ctx.store);
    const byProject = new Map<string, ProjectSummary>();
    const projectOf = new Map<string, ProjectSummary>();
    for (const c of components) {
      let summary = byProject.get(c.project);
      if (!summary) {
        summary = {
          name: c.project,
          components: 0,
          issues: { open: 0, in_progress: 0, blocked: 0, closed: 0 },
        };
        byProject.set(c.project, summary);
      }
      summary.components++;
      projectOf.set(c.id, summary);
    }
    for (const count of await this.ctx.store.issueCounts()) {
      const summary = count.component_id === null ? undefined : projectOf.get(count.component_id);
      if (summary) summary.issues[STATUS_KEY[count.status]] += count.count;
    }
    return [...byProject.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** Every component (optionally of one project), read in pages (also the search index's build). */
export async function allComponents(store: GraphStore, project?: string): Promise<ComponentRecord[]> {
  const out: ComponentRecord[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await store.listComponents(offset, 1000, project);
    out.push(...page.items);
    if (page.items.length < 1000) return out;
  }
}
