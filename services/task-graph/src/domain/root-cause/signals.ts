// The five root-cause signals of SPEC §2 for one candidate, each with its explanation, and how
// they combine. SPEC §2: context (component, recency, graph) only reorders candidates that have
// evidence from the failure itself (text or identifier similarity, a shared label):
//   evidence   = labels + semantic                       (0 .. 0.4)
//   context    = component + recency + graph            (0 .. 0.8)
//   confidence = evidence + context · share, share = clamp(evidence / 0.2, 0.2, 1)
// so a candidate with no evidence keeps at most 0.2 · 0.8 = 0.16 (< 0.25, and below a full text
// match alone, 0.2), any evidence ranks a candidate above the same context without it, and a full
// text match or a shared label counts the whole context. `additive` is the scoring before that
// rule (the plain sum), kept as the benchmark's baseline.
import type { IssueRecord } from "../../ports/graph-store.js";
import type { IssueFacts } from "../search/facets.js";
import { lastChangeMs, parseTimestamp } from "../search/last-change.js";

export interface Signals {
  component: number;
  recency: number;
  labels: number;
  semantic: number;
  graph: number;
}

export interface SignalInput {
  /** What the signals read of the candidate: from the search index's facets, or factsOf(record). */
  candidate: IssueFacts;
  componentId: string;
  componentName: string;
  requestLabels: string[];
  nowMs: number;
  /** Undirected dependency hops to the nearest issue of the component (0 = one of them). */
  hops: number | undefined;
  /** Cosine similarity of failure text and candidate text, in [-1, 1]. */
  similarity: number;
  /** Highest similarity over all candidates of this request. */
  bestSimilarity: number;
  /** Normalised BM25 of the failure text against the candidate (shared words and identifiers), 0..1. */
  lexical: number;
  /** Highest `lexical` over the candidates of this request. */
  bestLexical: number;
  /** "evidence" (SPEC §2, default) or "additive" (the plain sum: the old scoring, for benchmarks). */
  scoring?: Scoring;
}

export type Scoring = "evidence" | "additive";

/** Share of the context a candidate without evidence keeps: 0.2 · 0.8 = 0.16 at most. */
const NO_EVIDENCE_SHARE = 0.2;
/** Evidence at which the whole context counts (a shared label, or the best text match). */
const FULL_EVIDENCE = 0.2;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The facts of a record, as the search index keeps them (facets.ts). */
export function factsOf(i: IssueRecord): IssueFacts {
  return {
    id: i.id,
    component_id: i.component_id,
    labels: [...new Set(i.labels.map((l) => l.toLowerCase()))],
    changedMs: lastChangeMs(i),
  };
}

/** The recency signal of a candidate last changed `ageMs` ago: 0.3 within a day, 0.2 within a week. */
export function recencyOf(ageMs: number): number {
  return ageMs < DAY ? 0.3 : ageMs < 7 * DAY ? 0.2 : 0;
}

/** The numbers only (cheap: no sentences), for bounding many candidates. */
export interface Computed {
  signals: Signals;
  confidence: number;
  ageMs: number;
  evidence: number;
  /** Share of the context counted (1 under additive scoring). */
  share: number;
  /** Which similarity gave `semantic`: the embedding or shared words. */
  byWords: boolean;
  sharedLabels: string[];
}

export function computeSignals(input: SignalInput): Computed {
  const c = input.candidate;
  const component = c.component_id === input.componentId ? 0.3 : 0;
  const ageMs = Math.max(0, input.nowMs - c.changedMs);
  const recency = recencyOf(ageMs);
  // Labels compare case-insensitively (SPEC §2); the facts hold them lowercased.
  let sharedLabels: string[] = [];
  if (input.requestLabels.length > 0 && c.labels.length > 0) {
    sharedLabels = input.requestLabels.filter((l) => c.labels.includes(l.toLowerCase()));
  }
  const labels = sharedLabels.length > 0 ? 0.2 : 0;
  const additive = input.scoring === "additive";
  const bySimilarity = additive
    ? semanticSignal(input.similarity, input.bestSimilarity)
    : evidenceSignal(input.similarity, input.bestSimilarity, EVIDENCE_SIMILARITY_FLOOR);
  const byWords = additive ? 0 : evidenceSignal(input.lexical, input.bestLexical, LEXICAL_FLOOR);
  const semantic = Math.max(bySimilarity, byWords);
  const hops = input.hops;
  const graph = hops !== undefined && hops <= 1 ? 0.2 : hops !== undefined && hops <= 3 ? 0.1 : 0;
  const signals = { component, recency, labels, semantic, graph };
  const evidence = labels + semantic;
  const context = component + recency + graph;
  const share = additive ? 1 : Math.min(1, Math.max(NO_EVIDENCE_SHARE, evidence / FULL_EVIDENCE));
  const confidence = Math.min(1, round(evidence + context * share));
  return { signals, confidence, ageMs, evidence, share, byWords: byWords > bySimilarity, sharedLabels };
}

/** One sentence per signal (component, recency, labels, semantic, graph), then the context share. */
export function explainSignals(input: SignalInput, computed: Computed, record: IssueRecord): string[] {
  const c = record;
  const { signals, ageMs, evidence, share } = computed;
  const reasons: string[] = [];
  reasons.push(
    signals.component
      ? `component +0.3: belongs to the failing component "${input.componentName}"`
      : `component +0: ${c.component_id ? "belongs to another component" : "has no component"}`,
  );
  const verb =
    c.closed_at && parseTimestamp(c.closed_at) >= parseTimestamp(c.updated_at) ? "closed" : "changed";
  reasons.push(
    signals.recency === 0.3
      ? `recency +0.3: ${verb} ${describeAge(ageMs)} ago (within 24 hours)`
      : signals.recency === 0.2
        ? `recency +0.2: ${verb} ${describeAge(ageMs)} ago (within 7 days)`
        : `recency +0: last ${verb} ${describeAge(ageMs)} ago (more than 7 days)`,
  );
  reasons.push(
    signals.labels
      ? `labels +0.2: shares ${computed.sharedLabels.map((l) => `"${l}"`).join(", ")} with the failure`
      : input.requestLabels.length === 0
        ? "labels +0: the failure named no labels"
        : "labels +0: no label in common with the failure",
  );
  reasons.push(
    computed.byWords
      ? `semantic +${signals.semantic}: shares words or identifiers with the failure (BM25 ${round(input.lexical)}, best match ${round(input.bestLexical)} gets the full 0.2)`
      : `semantic +${signals.semantic}: text similarity ${round(Math.max(0, input.similarity))} between the failure and the issue (best match ${round(input.bestSimilarity)} gets the full 0.2)`,
  );
  const hops = input.hops;
  reasons.push(
    hops === 0
      ? "graph +0.2: is one of the component's issues"
      : hops !== undefined && hops <= 3
        ? `graph +${signals.graph}: ${hops} dependency hop${hops === 1 ? "" : "s"} from the component's issues`
        : "graph +0: more than 3 dependency hops from the component's issues (or not connected)",
  );
  if (input.scoring === "additive") return reasons;
  reasons.push(
    evidence === 0
      ? `context ×${NO_EVIDENCE_SHARE}: nothing in the failure points at this issue (no similar text, no shared label), so component, recency and graph count for little`
      : share < 1
        ? `context ×${round(share)}: the failure points at this issue only weakly (evidence ${round(evidence)} of ${FULL_EVIDENCE})`
        : "context ×1: the failure itself points at this issue",
  );
  return reasons;
}

/**
 * 0.2 × cosine, relative to the best-matching candidate of the request: embedders compress
 * cosines into a narrow band (hashing: about 0..0.5), so the closest issue gets the full 0.2
 * and the rest their share of it. Below SEMANTIC_FLOOR the best match is not scaled up, so
 * text unrelated to every issue still scores near 0.
 */
const SEMANTIC_FLOOR = 0.2;

function semanticSignal(similarity: number, best: number): number {
  return round(0.2 * Math.min(1, Math.max(0, similarity) / Math.max(best, SEMANTIC_FLOOR)));
}

/**
 * Evidence from a similarity: relative to the request's best match (as semanticSignal), but only
 * the part above RAMP_START of the best counts, so the background similarity every text has to
 * every other (embedder noise, common words) is no evidence. The best match gets the full 0.2.
 */
const RAMP_START = 0.5;
/**
 * Below these the best match is not scaled up: a cosine must pass 0.5 · 0.3 = 0.15 to count
 * (short unrelated texts reach ~0.13 with the hashing embedder), a normalised BM25 0.025.
 */
const EVIDENCE_SIMILARITY_FLOOR = 0.3;
const LEXICAL_FLOOR = 0.05;

function evidenceSignal(value: number, best: number, floor: number): number {
  const relative = Math.min(1, Math.max(0, value) / Math.max(best, floor));
  return round(0.2 * Math.max(0, (relative - RAMP_START) / (1 - RAMP_START)));
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function describeAge(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  return `${Math.round(ms / DAY)} days`;
}
