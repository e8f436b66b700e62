// Ranks issues as likely causes of a test failure by the five SPEC signals, explaining each.
// Candidates come through indexes, not a scan of every issue (SPEC §2, issue 10): the failing
// component's issues, issues sharing a requested label, the lexical top LEXICAL_TOP for the
// failure text and the NEAREST nearest by the vector index. Any other issue has no evidence from
// the failure and is outside the component, and such an issue is never a candidate (see
// signals.ts: context only reorders candidates with evidence). They are scored from the facts
// the search index keeps per issue (component, labels, last change: facets.ts, computed at
// write time), so records are read only for the text matches (their similarity) and the
// returned ones (re-scored from the record, then explained). `candidates: "all"` scores every
// issue from its record instead (the exact reference for tests, and the benchmark's baseline).
import type { Embedder } from "../../ports/embedder.js";
import type { VectorIndex } from "../../ports/vector-index.js";
import type { DomainContext } from "../context.js";
import { componentNotFound } from "../errors.js";
import type { IssueFacts } from "../search/facets.js";
import { bestByBound, byRank, MIN_CONFIDENCE, type Ranked } from "./best-by-bound.js";
import { hopsFromComponent } from "./proximity.js";
import { SemanticScorer } from "./semantic.js";
import {
  computeSignals,
  explainSignals,
  factsOf,
  type Scoring,
  type SignalInput,
  type Signals,
} from "./signals.js";

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
  /** The component's issue ids, most recently changed first (ties: smaller id first). */
  issuesOfComponentByRecency(componentId: string): readonly string[];
  /** Ids of the issues carrying `label` (case-insensitive), most recently changed first (ties: smaller id first). */
  issuesWithLabelByRecency(label: string): readonly string[];
  /** What the signals read of an issue, kept on every write; undefined for an issue not indexed. */
  issueFacts(id: string): IssueFacts | undefined;
  /** Resolves once the index is built (start-up builds it after listening). */
  ready?(): Promise<void>;
}

export interface RootCauseOptions {
  /** "indexed" (default with an index) or "all" (score every issue). */
  candidates?: "indexed" | "all";
  /** "evidence" (SPEC §2, default) or "additive" (the plain sum, before that rule). */
  scoring?: Scoring;
}

/** Issues taken from the lexical index for the failure text. */
const LEXICAL_TOP = 100;
/** Issues taken from the vector index for the failure text. */
const NEAREST = 50;

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
    const nowMs = this.ctx.now().getTime();
    // Every issue's record when scoring all; else only those the vector or lexical index found
    // (an issue outside both is too far from the failure for its similarity to count).
    const records = indexed
      ? await store.getIssues([...new Set([...nearest, ...lexical.keys()])])
      : await store.allIssues();
    const similarity = await this.semantic.similarities(query, records);
    const bestSimilarity = maximum(similarity.values());
    const bestLexical = maximum(lexical.values());
    const input = (candidate: IssueFacts, hops: number | undefined): SignalInput => ({
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
    const score = (candidate: IssueFacts, hops: number | undefined): Ranked => ({
      candidate,
      hops,
      ...computeSignals(input(candidate, hops)),
    });
    // Without evidence, only the component's own issues are candidates (signals.ts).
    const eligible = (s: Ranked) =>
      scoring === "additive" || s.evidence > 0 || s.candidate.component_id === component.id;

    let ranked: Ranked[];
    let considered: number;
    const byId = new Map(records.map((r) => [r.id, r]));
    if (!indexed) {
      const hops = await hopsFromComponent(store, records, component.id);
      ranked = records
        .map((c) => score(factsOf(c), hops.get(c.id)))
        .filter((s) => eligible(s) && s.confidence >= MIN_CONFIDENCE);
      ranked.sort(byRank);
      considered = records.length;
    } else {
      const members = this.index!.issuesOfComponent(component.id);
      const text = new Set(records.map((r) => r.id));
      const labelled = this.index!.issuesWithAnyLabel(labels);
      considered = members.size;
      for (const id of labelled) if (!members.has(id)) considered++;
      for (const id of text) if (!members.has(id) && !labelled.has(id)) considered++;
      const lowered = [...new Set(labels.map((l) => l.toLowerCase()))];
      const pool = {
        members,
        text,
        lowered,
        nowMs,
        membersByRecency: this.index!.issuesOfComponentByRecency(component.id),
        labelledByRecency: lowered.map((l) => this.index!.issuesWithLabelByRecency(l)),
      };
      const best = await bestByBound(store, this.index!, pool, score, eligible, limit);
      // The returned ones are re-scored from their records (the facts may trail a write that
      // failed to index) and explained from them, with their own text similarity (not a match's:
      // too low to count, but the reason states it).
      const missing = await store.getIssues(
        best.filter((s) => !byId.has(s.candidate.id)).map((s) => s.candidate.id),
      );
      for (const r of missing) byId.set(r.id, r);
      for (const [id, value] of await this.semantic.similarities(query, missing)) similarity.set(id, value);
      ranked = best
        .filter((s) => byId.has(s.candidate.id))
        .map((s) => score(factsOf(byId.get(s.candidate.id)!), s.hops))
        .sort(byRank);
    }
    return {
      component_id: component.id,
      considered,
      candidates: ranked.slice(0, limit).map((s) => {
        const record = byId.get(s.candidate.id)!;
        return {
          type: "issue",
          id: record.id,
          title: record.title,
          status: record.status,
          confidence: s.confidence,
          signals: s.signals,
          reasons: explainSignals(input(s.candidate, s.hops), s, record),
        };
      }),
    };
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

  private async issueCount(): Promise<number> {
    return (await this.ctx.store.listIssues({ offset: 0, limit: 1 })).total;
  }
}

function maximum(values: Iterable<number>): number {
  let max = 0;
  for (const v of values) max = Math.max(max, v);
  return max;
}
