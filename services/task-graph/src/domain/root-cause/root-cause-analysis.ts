// Ranks issues as likely causes of a test failure by the five SPEC signals, explaining each.
import type { Embedder } from "../../ports/embedder.js";
import type { DomainContext } from "../context.js";
import { componentNotFound } from "../errors.js";
import { hopsFromComponent } from "./proximity.js";
import { SemanticScorer } from "./semantic.js";
import { type Signals, scoreCandidate } from "./signals.js";

export interface RootCauseRequest {
  test_failure: string;
  component_id: string;
  test_name?: string;
  stack_trace?: string;
  labels?: string[];
  limit?: number;
}

export interface Candidate {
  type: "issue";
  id: string;
  title: string;
  status: string;
  confidence: number;
  signals: Signals;
  reasons: string[];
}

export interface RootCauseReport {
  component_id: string;
  candidates: Candidate[];
  /** How many issues were scored before the 0.1 cut and the limit. */
  considered: number;
}

export const MIN_CONFIDENCE = 0.1;

export class RootCauseAnalysis {
  private readonly semantic: SemanticScorer;

  constructor(
    private readonly ctx: DomainContext,
    embedder: Embedder,
  ) {
    this.semantic = new SemanticScorer(embedder);
  }

  async analyse(req: RootCauseRequest): Promise<RootCauseReport> {
    const { store } = this.ctx;
    const component = await store.getComponent(req.component_id);
    if (!component) throw componentNotFound(req.component_id);
    const all = await store.allIssues();
    const hops = await hopsFromComponent(store, all, component.id);
    const failureText = [req.test_name, req.test_failure, req.stack_trace].filter(Boolean).join("\n");
    const similarity = await this.semantic.similarities(failureText, all);
    const nowMs = this.ctx.now().getTime();
    let bestSimilarity = 0;
    for (const v of similarity.values()) bestSimilarity = Math.max(bestSimilarity, v);
    const scored = all.map((candidate) => ({
      candidate,
      ...scoreCandidate({
        candidate,
        componentId: component.id,
        componentName: component.name,
        requestLabels: req.labels ?? [],
        nowMs,
        hops: hops.get(candidate.id),
        similarity: similarity.get(candidate.id) ?? 0,
        bestSimilarity,
      }),
    }));
    const ranked = scored
      .filter((s) => s.confidence >= MIN_CONFIDENCE)
      .sort((a, b) => b.confidence - a.confidence || a.ageMs - b.ageMs || (a.candidate.id < b.candidate.id ? -1 : 1));
    return {
      component_id: component.id,
      considered: all.length,
      candidates: ranked.slice(0, req.limit ?? 10).map((s) => ({
        type: "issue",
        id: s.candidate.id,
        title: s.candidate.title,
        status: s.candidate.status,
        confidence: s.confidence,
        signals: s.signals,
        reasons: s.reasons,
      })),
    };
  }
}
