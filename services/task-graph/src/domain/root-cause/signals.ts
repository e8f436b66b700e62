// The five root-cause signals of SPEC §2 for one candidate, each with its explanation.
import type { IssueRecord } from "../../ports/graph-store.js";

export interface Signals {
  component: number;
  recency: number;
  labels: number;
  semantic: number;
  graph: number;
}

export interface SignalInput {
  candidate: IssueRecord;
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
}

export interface Scored {
  signals: Signals;
  reasons: string[];
  confidence: number;
  /** Milliseconds since the candidate last changed or closed (for tie-breaks). */
  ageMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function parseTimestamp(ts: string): number {
  // Stored timestamps carry no offset but are UTC.
  return Date.parse(ts.endsWith("Z") ? ts : `${ts}Z`);
}

export function lastChangeMs(i: IssueRecord): number {
  const updated = parseTimestamp(i.updated_at);
  return i.closed_at ? Math.max(updated, parseTimestamp(i.closed_at)) : updated;
}

export function scoreCandidate(input: SignalInput): Scored {
  const c = input.candidate;
  const reasons: string[] = [];

  const component = c.component_id === input.componentId ? 0.3 : 0;
  reasons.push(
    component
      ? `component +0.3: belongs to the failing component "${input.componentName}"`
      : `component +0: ${c.component_id ? "belongs to another component" : "has no component"}`,
  );

  const ageMs = Math.max(0, input.nowMs - lastChangeMs(c));
  const recency = ageMs < DAY ? 0.3 : ageMs < 7 * DAY ? 0.2 : 0;
  const verb =
    c.closed_at && parseTimestamp(c.closed_at) >= parseTimestamp(c.updated_at) ? "closed" : "changed";
  reasons.push(
    recency === 0.3
      ? `recency +0.3: ${verb} ${describeAge(ageMs)} ago (within 24 hours)`
      : recency === 0.2
        ? `recency +0.2: ${verb} ${describeAge(ageMs)} ago (within 7 days)`
        : `recency +0: last ${verb} ${describeAge(ageMs)} ago (more than 7 days)`,
  );

  const shared = input.requestLabels.filter((l) => c.labels.includes(l));
  const labels = shared.length > 0 ? 0.2 : 0;
  reasons.push(
    labels
      ? `labels +0.2: shares ${shared.map((l) => `"${l}"`).join(", ")} with the failure`
      : input.requestLabels.length === 0
        ? "labels +0: the failure named no labels"
        : "labels +0: no label in common with the failure",
  );

  const semantic = semanticSignal(input.similarity, input.bestSimilarity);
  reasons.push(
    `semantic +${semantic}: text similarity ${round(Math.max(0, input.similarity))} between the failure and the issue (best match ${round(input.bestSimilarity)} gets the full 0.2)`,
  );

  const hops = input.hops;
  const graph = hops !== undefined && hops <= 1 ? 0.2 : hops !== undefined && hops <= 3 ? 0.1 : 0;
  reasons.push(
    hops === 0
      ? "graph +0.2: is one of the component's issues"
      : hops !== undefined && hops <= 3
        ? `graph +${graph}: ${hops} dependency hop${hops === 1 ? "" : "s"} from the component's issues`
        : "graph +0: more than 3 dependency hops from the component's issues (or not connected)",
  );

  const signals = { component, recency, labels, semantic, graph };
  const confidence = Math.min(1, round(component + recency + labels + semantic + graph));
  return { signals, reasons, confidence, ageMs };
}

/**
 * 0.2 × cosine, relative to the best-matching candidate of the request: embedders compress
 * cosines into a narrow band (hashing: about 0..0.5), so the closest issue gets the full 0.2
 * and the rest their share of it. Below SEMANTIC_FLOOR the best match is not scaled up, so
 * text unrelated to every issue still scores near 0.
 */
export const SEMANTIC_FLOOR = 0.2;

export function semanticSignal(similarity: number, best: number): number {
  return round(0.2 * Math.min(1, Math.max(0, similarity) / Math.max(best, SEMANTIC_FLOOR)));
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function describeAge(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (ms < DAY) return `${Math.round(ms / HOUR)} h`;
  return `${Math.round(ms / DAY)} days`;
}
