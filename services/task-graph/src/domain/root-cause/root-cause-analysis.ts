// Ranks issues as likely causes of a test failure by the five SPEC signals, explaining each.
import type { Embedder } from "../../ports/embedder.js";
import type { IssueRecord } from "../../ports/graph-store.js";
import type { VectorIndex } from "../../ports/vector-index.js";
import type { DomainContext } from "../context.js";
import { componentNotFound } from "../errors.js";
import { hopsFromComponent } from "./proximity.js";
import { SemanticScorer } from "./semantic.js";
import { lastChangeMs, type Signals, scoreCandidate } from "./signals.js";

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
/**
 * Up to this many issues every one is embedded and compared (exact). Above it, only issues with
 * another signal and the NEAREST_BY_INDEX nearest ones by the vector index are: the others could
 * only reach the 0.1 cut through a high similarity, which puts them among the nearest anyway.
 */
export const EXACT_SEMANTIC_LIMIT = 2000;
export const NEAREST_BY_INDEX = 50;
const WEEK_MS = 7 * 24 * 3_600_000;

function hasOtherSignal(
  i: IssueRecord,
  componentId: string,
  labels: string[],
  hops: Map<string, number>,
  nowMs: number,
): boolean {
  return (
    i.component_id === componentId ||
    hops.has(i.id) ||
    nowMs - lastChangeMs(i) < WEEK_MS ||
    labels.some((l) => i.labels.includes(l))
  );
}

export class RootCauseAnalysis {
  private readonly semantic: SemanticScorer;

  constructor(
    private readonly ctx: DomainContext,
    embedder: Embedder,
    /** Finds the nearest issues on large graphs; without it only issues with another signal get a semantic score there. */
    private readonly vectors: VectorIndex | null = null,
    private readonly limits: { exact: number; nearest: number } = {
      exact: EXACT_SEMANTIC_LIMIT,
      nearest: NEAREST_BY_INDEX,
    },
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
    const query = await this.semantic.embedQuery(failureText);
    const nowMs = this.ctx.now().getTime();
    const pool =
      all.length <= this.limits.exact
        ? all
        : await this.semanticPool(all, query, (i) =>
            hasOtherSignal(i, component.id, req.labels ?? [], hops, nowMs),
          );
    const similarity = await this.semantic.similarities(query, pool);
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
      .sort(
        (a, b) =>
          b.confidence - a.confidence || a.ageMs - b.ageMs || (a.candidate.id < b.candidate.id ? -1 : 1),
      );
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

  private async semanticPool(
    all: IssueRecord[],
    query: Float32Array,
    keep: (i: IssueRecord) => boolean,
  ): Promise<IssueRecord[]> {
    const ids = new Set<string>();
    if (this.vectors) {
      try {
        const hits = await this.vectors.search({
          vector: query,
          limit: this.limits.nearest,
          types: ["issue"],
        });
        for (const h of hits) ids.add(h.id);
      } catch {
        // Index down: rank on the other signals; similarity still counts for issues that have one.
      }
    }
    return all.filter((i) => ids.has(i.id) || keep(i));
  }
}
