// Impact of a component (SPEC §2c): its open issues, the issues outside it that depend on them
// (directly or transitively, within max_depth), the components those belong to, and a risk
// level on impact's scale (risk.ts): direct + 0.5 * transitive + 2 * blocked, where blocked are
// the outside dependents not CLOSED that wait directly on an open issue of the component.
import type { IssueRecord, IssueStatus, Priority } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { componentNotFound } from "../errors.js";
import { type RiskLevel, riskLevel, riskScore } from "../impact/risk.js";

export interface ComponentIssue {
  id: string;
  title: string;
  status: IssueStatus;
  priority: Priority;
}

export interface OutsideDependent extends ComponentIssue {
  component_id: string | null;
  /** Fewest hops from an open issue of the component. */
  depth: number;
  /** Ids from that open issue to this dependent. */
  path: string[];
}

export interface ComponentImpactReport {
  component_id: string;
  name: string;
  project: string;
  max_depth: number;
  open_issues: ComponentIssue[];
  dependents: OutsideDependent[];
  /** Components of the outside dependents, most dependents first, then by name. */
  affected_components: { id: string; name: string; project: string; issue_count: number }[];
  /** Ids of outside dependents, not CLOSED, waiting directly on an open issue of the component. */
  blocked_issues: string[];
  risk_score: number;
  risk_level: RiskLevel;
  truncated: boolean;
}

const OPEN: IssueStatus[] = ["OPEN", "IN_PROGRESS", "BLOCKED"];

export class ComponentImpact {
  constructor(private readonly ctx: DomainContext) {}

  async analyse(componentId: string, maxDepth = 10): Promise<ComponentImpactReport> {
    const { store } = this.ctx;
    const component = await store.getComponent(componentId);
    if (!component) throw componentNotFound(componentId);
    const open = await this.openIssues(componentId);
    const { dependents, truncated } = await this.outsideDependents(open, componentId, maxDepth);
    const blocked = dependents.filter((d) => d.depth === 1 && d.status !== "CLOSED").map((d) => d.id);
    const direct = dependents.filter((d) => d.depth === 1).length;
    const score = riskScore(direct, dependents.length - direct, blocked.length);
    return {
      component_id: component.id,
      name: component.name,
      project: component.project,
      max_depth: maxDepth,
      open_issues: open.map(({ id, title, status, priority }) => ({ id, title, status, priority })),
      dependents,
      affected_components: await this.components(dependents),
      blocked_issues: blocked,
      risk_score: score,
      risk_level: riskLevel(score, blocked.length),
      truncated,
    };
  }

  private async openIssues(componentId: string): Promise<IssueRecord[]> {
    const out: IssueRecord[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await this.ctx.store.listIssues({
        component_id: componentId,
        status: OPEN,
        offset,
        limit: 1000,
      });
      out.push(...page.items);
      if (page.items.length < 1000) return out;
    }
  }

  /** Dependents of the open issues that lie outside the component, each at its smallest depth. */
  private async outsideDependents(
    open: IssueRecord[],
    componentId: string,
    maxDepth: number,
  ): Promise<{ dependents: OutsideDependent[]; truncated: boolean }> {
    const { store } = this.ctx;
    const best = new Map<string, { depth: number; path: string[] }>();
    let truncated = false;
    for (const issue of open) {
      const walk = await store.walk(issue.id, "dependents", maxDepth);
      truncated ||= walk.truncated;
      for (const step of walk.steps) {
        const known = best.get(step.id);
        if (!known || step.depth < known.depth) best.set(step.id, { depth: step.depth, path: step.path });
      }
    }
    const records = await store.getIssues([...best.keys()]);
    const dependents = records
      .filter((r) => r.component_id !== componentId)
      .map((r): OutsideDependent => {
        const { depth, path } = best.get(r.id)!;
        const { id, title, status, priority, component_id } = r;
        return { id, title, status, priority, component_id, depth, path };
      });
    return { dependents: dependents.sort((a, b) => a.depth - b.depth), truncated };
  }

  private async components(
    dependents: OutsideDependent[],
  ): Promise<ComponentImpactReport["affected_components"]> {
    const counts = new Map<string, number>();
    for (const d of dependents)
      if (d.component_id) counts.set(d.component_id, (counts.get(d.component_id) ?? 0) + 1);
    const out: ComponentImpactReport["affected_components"] = [];
    for (const [id, issue_count] of counts) {
      const c = await this.ctx.store.getComponent(id);
      if (c) out.push({ id, name: c.name, project: c.project, issue_count });
    }
    return out.sort(
      (a, b) => b.issue_count - a.issue_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  }
}
