// Ranks issues as likely causes of a test failure by the five SPEC signals, explaining each.
// Candidates come through indexes, not a scan of every issue (SPEC §2, issue 10): the failing
// component's issues, issues sharing a requested label, the lexical top LEXICAL_TOP for the
// failure text and the NEAREST nearest by the vector index. Any other issue has no evidence from
// the failure and is outside the component, and such an issue is never a candidate (see
// signals.ts: context only reorders candidates with evidence). `candidates: "all"` scores every
// issue instead (the exact reference for tests, and the benchmark's baseline).
import type { Embedder } from "../../ports/embedder.js";
import type { IssueRecord } from "../../ports/graph-store.js";
import type { VectorIndex } from "../../ports/vector-index.js";
import type { DomainContext } from "../context.js";
import { componentNotFound } from "../errors.js";
import { componentRing, hopsFromComponent, hopsOfCandidates } from "./proximity.js";
import { SemanticScorer } from "./semantic.js";
import {
  type Computed,
  computeSignals,
  explainSignals,
  type Scoring,
  type SignalInput,
  type Signals,
} from "./signals.js";

/** A scored candidate, before its reasons are written (only the returned ones get them). */
type Ranked = Computed & { candidate: IssueRecord; hops: number | undefined };

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

/** The indexes candidates are selected through (SearchService keeps them on every write). */
export interface CandidateIndex {
  issuesOfComponent(componentId: string): ReadonlySet<string>;
  issuesWithAnyLabel(labels: string[]): Set<string>;
  lexicalSearch(text: string, limit: number, options: { types?: string[] }): { key: string; score: number }[];
  /** Resolves once the index is built (start-up builds it after listening). */
  ready?(): Promise<void>;
}

export interface RootCauseOptions {
  /** "indexed" (default with an index) or "all" (score every issue). */
  candidates?: "indexed" | "all";
  /** "evidence" (SPEC §2, default) or "additive" (the plain sum, before that rule). */
  scoring?: Scoring;
}

export const MIN_CONFIDENCE = 0.1;
/** Issues taken from the lexical index for the failure text. */
export const LEXICAL_TOP = 100;
/** Issues taken from the vector index for the failure text. */
export const NEAREST = 50;

const issueId = (key: string) => key.slice(key.indexOf(":") + 1);

export class RootCauseAnalysis {
  private readonly semantic: SemanticScorer;

  constructor(
    private readonly ctx: DomainContext,
    embedder: Embedder,
    private readonly vectors: VectorIndex | null = null,
    private readonly index: CandidateIndex | null = null,
    private readonly options: RootCauseOptions = {},
  ) {
    this.semantic = new SemanticScorer(embedder);
  }

  async analyse(req: RootCauseRequest): Promise<RootCauseReport> {
    await this.index?.ready?.();
    const { store } = this.ctx;
    const component = await store.getComponent(req.component_id);
    if (!component) throw componentNotFound(req.component_id);
    const scoring = this.options.scoring ?? "evidence";
    const indexed = this.index !== null && this.options.candidates !== "all";
    const labels = req.labels ?? [];
    const limit = req.limit ?? 10;
    const failureText = [req.test_name, req.test_failure, req.stack_trace].filter(Boolean).join("\n");
    const query = await this.semantic.embedQuery(failureText);

    const lexical = new Map<string, number>();
    if (this.index && scoring === "evidence") {
      const depth = indexed ? LEXICAL_TOP : Math.max(LEXICAL_TOP, await this.issueCount());
      for (const h of this.index.lexicalSearch(failureText, depth, { types: ["issue"] })) {
        lexical.set(issueId(h.key), h.score);
      }
    }
    const nearest = indexed ? await this.nearest(query) : new Set<string>();
    const pool = indexed
      ? await this.indexedPool(component.id, labels, nearest, lexical)
      : await store.allIssues();
    // Similarity of every issue when scoring all; else of those the vector or lexical index
    // found (an issue outside both is too far from the failure to count as evidence).
    const textual = indexed ? pool.filter((i) => nearest.has(i.id) || lexical.has(i.id)) : pool;
    const similarity = await this.semantic.similarities(query, textual);
    const bestSimilarity = maximum(similarity.values());
    const bestLexical = maximum(lexical.values());
    const nowMs = this.ctx.now().getTime();
    const input = (candidate: IssueRecord, hops: number | undefined): SignalInput => ({
      candidate,
      componentId: component.id,
      componentName: component.name,
      requestLabels: labels,
      nowMs,
      hops,
      similarity: similarity.get(candidate.id) ?? 0,
      bestSimilarity,
      lexical: lexical.get(candidate.id) ?? 0,
      bestLexical,
      scoring,
    });
    const score = (candidate: IssueRecord, hops: number | undefined): Ranked => ({
      candidate,
      hops,
      ...computeSignals(input(candidate, hops)),
    });
    // Without evidence, only the component's own issues are candidates (signals.ts).
    const eligible = (s: Ranked) =>
      scoring === "additive" || s.evidence > 0 || s.candidate.component_id === component.id;

    let ranked: Ranked[];
    if (!indexed) {
      const hops = await hopsFromComponent(store, pool, component.id);
      ranked = pool
        .map((c) => score(c, hops.get(c.id)))
        .filter((s) => eligible(s) && s.confidence >= MIN_CONFIDENCE);
      ranked.sort(byRank);
    } else {
      ranked = await this.bestByBound(
        pool,
        score,
        eligible,
        this.index!.issuesOfComponent(component.id),
        limit,
      );
    }
    return {
      component_id: component.id,
      considered: pool.length,
      candidates: ranked.slice(0, limit).map((s) => ({
        type: "issue",
        id: s.candidate.id,
        title: s.candidate.title,
        status: s.candidate.status,
        confidence: s.confidence,
        signals: s.signals,
        reasons: explainSignals(input(s.candidate, s.hops), s),
      })),
    };
  }

  /**
   * The best `limit` candidates with graph proximity read only for as many as needed: every
   * candidate is first scored as if at 0 hops (an upper bound, as graph is the only signal not
   * known yet), then taken in order of that bound, in batches, with exact hops, until the bound
   * of the next one falls below the limit-th exact score.
   */
  private async bestByBound(
    pool: IssueRecord[],
    score: (c: IssueRecord, hops: number | undefined) => Ranked,
    eligible: (s: Ranked) => boolean,
    members: ReadonlySet<string>,
    limit: number,
  ): Promise<Ranked[]> {
    const bounds = pool
      .map((c) => score(c, 0))
      .filter((s) => eligible(s) && s.confidence >= MIN_CONFIDENCE)
      .sort(byRank);
    const ring = await componentRing(this.ctx.store, members);
    const exact: Ranked[] = [];
    const batch = Math.max(2 * limit, 32);
    for (let i = 0; i < bounds.length; i += batch) {
      if (exact.length >= limit && bounds[i]!.confidence < exact[limit - 1]!.confidence) break;
      const chunk = bounds.slice(i, i + batch).map((b) => b.candidate);
      const hops = await hopsOfCandidates(
        this.ctx.store,
        members,
        ring,
        chunk.map((c) => c.id),
      );
      for (const c of chunk) {
        const s = score(c, hops.get(c.id));
        if (s.confidence >= MIN_CONFIDENCE) exact.push(s);
      }
      exact.sort(byRank);
    }
    return exact;
  }

  private async nearest(query: Float32Array): Promise<Set<string>> {
    if (!this.vectors) return new Set();
    try {
      const hits = await this.vectors.search({ vector: query, limit: NEAREST, types: ["issue"] });
      return new Set(hits.map((h) => h.id));
    } catch {
      // Index down: the lexical side and the facets still select candidates.
      return new Set();
    }
  }

  /** The component's issues, the labelled ones, the lexical top and the nearest by vector. */
  private async indexedPool(
    componentId: string,
    labels: string[],
    nearest: Set<string>,
    lexical: Map<string, number>,
  ): Promise<IssueRecord[]> {
    const index = this.index!;
    const ids = new Set([...index.issuesOfComponent(componentId), ...index.issuesWithAnyLabel(labels)]);
    for (const id of lexical.keys()) ids.add(id);
    for (const id of nearest) ids.add(id);
    return this.ctx.store.getIssues([...ids]);
  }

  private async issueCount(): Promise<number> {
    return (await this.ctx.store.listIssues({ offset: 0, limit: 1 })).total;
  }
}

/** Confidence, then the most recent change, then id. */
function byRank(a: Ranked, b: Ranked): number {
  return b.confidence - a.confidence || a.ageMs - b.ageMs || (a.candidate.id < b.candidate.id ? -1 : 1);
}

function maximum(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) max = Math.max(max, v);
  return max;
}
