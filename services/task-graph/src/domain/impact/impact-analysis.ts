// Impact of an issue: who depends on it directly and transitively, which dependents it alone
// still blocks, which components are touched, and a risk score derived from those counts.
import type { IssueRecord } from "../../ports/graph-store.js";
import type { DomainContext } from "../context.js";
import { issueNotFound } from "../errors.js";
import { type RiskLevel, riskLevel, riskScore } from "./risk.js";

export interface AffectedIssue {
  id: string;
  title: string;
  status: string;
  priority: string;
  component_id: string | null;
  depth: number;
  /** Ids from the analysed issue to this one. */
  path: string[];
}

export interface ImpactReport {
  issue_id: string;
  max_depth: number;
  directly_affected: AffectedIssue[];
  transitively_affected: AffectedIssue[];
  blocked_issues: AffectedIssue[];
  affected_components: { id: string; name: string; issue_count: number }[];
  risk_score: number;
  risk_level: RiskLevel;
  truncated: boolean;
}

const DEFAULT_MAX_DEPTH = 10;

export class ImpactAnalysis {
  constructor(private readonly ctx: DomainContext) {}

  async analyse(id: string, maxDepth = DEFAULT_MAX_DEPTH): Promise<ImpactReport> {
    const { store } = this.ctx;
    const root = await store.getIssue(id);
    if (!root) throw issueNotFound(id);
    const walk = await store.walk(id, "dependents", maxDepth);
    const records = new Map((await store.getIssues(walk.steps.map((s) => s.id))).map((r) => [r.id, r]));
    const affected: AffectedIssue[] = [];
    for (const step of walk.steps) {
      const r = records.get(step.id);
      if (r) affected.push(toAffected(r, step.depth, step.path));
    }
    const direct = affected.filter((a) => a.depth === 1);
    const transitive = affected.filter((a) => a.depth > 1);
    const blocked = root.status === "CLOSED" ? [] : await this.lastOpenPrerequisiteOf(id, direct);
    const score = riskScore(direct.length, transitive.length, blocked.length);
    return {
      issue_id: id,
      max_depth: maxDepth,
      directly_affected: direct,
      transitively_affected: transitive,
      blocked_issues: blocked,
      affected_components: await this.components(affected),
      risk_score: score,
      risk_level: riskLevel(score, blocked.length),
      truncated: walk.truncated,
    };
  }

  // Non-closed direct dependents whose every other prerequisite is already closed.
  private async lastOpenPrerequisiteOf(id: string, direct: AffectedIssue[]): Promise<AffectedIssue[]> {
    const { store } = this.ctx;
    const out: AffectedIssue[] = [];
    for (const d of direct) {
      if (d.status === "CLOSED") continue;
      const others = (await store.dependenciesOf(d.id)).depends_on.filter((p) => p !== id);
      const prerequisites = await store.getIssues(others);
      if (prerequisites.every((p) => p.status === "CLOSED")) out.push(d);
    }
    return out;
  }

  private async components(affected: AffectedIssue[]): Promise<ImpactReport["affected_components"]> {
    const counts = new Map<string, number>();
    for (const a of affected) {
      if (a.component_id) counts.set(a.component_id, (counts.get(a.component_id) ?? 0) + 1);
    }
    const out: ImpactReport["affected_components"] = [];
    for (const [cid, issue_count] of counts) {
      const c = await this.ctx.store.getComponent(cid);
      out.push({ id: cid, name: c?.name ?? "", issue_count });
    }
    return out.sort((a, b) => b.issue_count - a.issue_count || a.name.localeCompare(b.name));
  }
}

function toAffected(r: IssueRecord, depth: number, path: string[]): AffectedIssue {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    priority: r.priority,
    component_id: r.component_id,
    depth,
    path,
  };
}
