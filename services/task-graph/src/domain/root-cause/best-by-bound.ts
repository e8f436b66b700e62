// Root cause's best candidates without reading every candidate's graph neighbourhood or record:
// bound, cut, then refine (see bestByBound). Shared by nothing else; split off the analysis so
// each file has one job.
import type { GraphStore } from "../../ports/graph-store.js";
import type { IssueFacts } from "../search/facets.js";
import { hopsOfCandidates } from "./proximity.js";
import { type Computed, recencyOf } from "./signals.js";

export const MIN_CONFIDENCE = 0.1;

/** A scored candidate, before its reasons are written (only the returned ones get them). */
export type Ranked = Computed & { candidate: IssueFacts; hops: number | undefined };
/** What ranks a candidate: confidence, then the most recent change, then id. */
type Key = { confidence: number; ageMs: number; id: string };

/** The indexed candidates of a request: the component's issues, the labelled ones, the text matches. */
export interface CandidatePool {
  members: ReadonlySet<string>;
  /** The same, most recently changed first (ties: smaller id first). */
  membersByRecency: readonly string[];
  /** For each of the request's labels, the issues carrying it in the same order. */
  labelledByRecency: (readonly string[])[];
  /** Found by the lexical or vector index (their similarity is known). */
  text: ReadonlySet<string>;
  /** The request's labels, lowercased. */
  lowered: string[];
  nowMs: number;
}

/**
 * The best `limit` candidates with graph proximity read only for as many as needed: every
 * candidate is first scored from its facts as if at 0 hops (an upper bound, as graph is the
 * only signal not known yet; exact for the component's own issues, which are at 0 hops). A
 * candidate ranking below the limit-th of those exact scores cannot be returned and is dropped
 * unsorted; the rest are taken in order of their bound, in batches, with exact hops, until the
 * bound of the next one falls below the limit-th exact score.
 * Candidates without a text match are walked most recent first, where their bounds come in rank
 * order (they differ only by recency within a kind), so a walk stops early: the component's
 * issues once `limit` with and `limit` without a shared label are kept (the rest of each kind
 * rank below those, exactly), a label's other issues at the first one behind the limit-th
 * component issue.
 */
export async function bestByBound(
  store: GraphStore,
  index: { issueFacts(id: string): IssueFacts | undefined },
  pool: CandidatePool,
  score: (c: IssueFacts, hops: number | undefined) => Ranked,
  eligible: (s: Ranked) => boolean,
  limit: number,
): Promise<Ranked[]> {
  const { members } = pool;
  const bound = boundsOf(pool, score, eligible);
  const kept: (Key & { facts: IssueFacts })[] = [];
  const exactMembers: Key[] = [];
  /** False when the candidate is behind the limit-th exact score (so cannot be returned). */
  const consider = (facts: IssueFacts): boolean => {
    const confidence = bound(facts);
    if (confidence < MIN_CONFIDENCE) return true;
    const entry = { facts, id: facts.id, confidence, ageMs: Math.max(0, pool.nowMs - facts.changedMs) };
    if (exactMembers.length === limit && byKey(entry, exactMembers[limit - 1]!) > 0) return false;
    kept.push(entry);
    if (members.has(facts.id)) insertTop(exactMembers, entry, limit);
    return true;
  };
  const taken = { labelled: 0, plain: 0 };
  for (const id of pool.membersByRecency) {
    if (taken.labelled >= limit && taken.plain >= limit) break;
    const facts = pool.text.has(id) ? undefined : index.issueFacts(id);
    if (!facts) continue;
    const kind = pool.lowered.some((l) => facts.labels.includes(l)) ? "labelled" : "plain";
    if (taken[kind] >= limit) continue;
    taken[kind]++;
    consider(facts);
  }
  for (const id of pool.text) {
    const facts = index.issueFacts(id);
    if (facts) consider(facts);
  }
  const seen = new Set<string>();
  for (const list of pool.labelledByRecency) {
    for (const id of list) {
      if (members.has(id) || pool.text.has(id) || seen.has(id)) continue;
      seen.add(id);
      const facts = index.issueFacts(id);
      if (facts && !consider(facts)) break;
    }
  }
  const cut = exactMembers.length === limit ? exactMembers[limit - 1]! : undefined;
  const contenders = kept
    .filter((k) => !cut || byKey(k, cut) <= 0)
    .map((k) => score(k.facts, 0))
    .sort(byRank);
  const exact: Ranked[] = [];
  const batch = Math.max(2 * limit, 32);
  for (let i = 0; i < contenders.length; i += batch) {
    if (exact.length >= limit && contenders[i]!.confidence < exact[limit - 1]!.confidence) break;
    const chunk = contenders.slice(i, i + batch);
    const outside = chunk.filter((s) => !members.has(s.candidate.id)).map((s) => s.candidate.id);
    const hops = outside.length > 0 ? await hopsOfCandidates(store, members, outside) : null;
    for (const b of chunk) {
      const s = members.has(b.candidate.id) ? b : score(b.candidate, hops!.get(b.candidate.id));
      if (s.confidence >= MIN_CONFIDENCE) exact.push(s);
    }
    exact.sort(byRank);
  }
  return exact.slice(0, limit);
}

/**
 * A candidate's confidence at 0 hops (-1 when not eligible), from computeSignals: directly for
 * the text matches, else looked up by what decides it (in the component, shares a label,
 * recency), as without text similarity nothing else differs: a dozen computations per request,
 * not one per candidate.
 */
function boundsOf(
  pool: CandidatePool,
  score: (c: IssueFacts, hops: number | undefined) => Ranked,
  eligible: (s: Ranked) => boolean,
): (facts: IssueFacts) => number {
  // Indexed by in component (1), shares a label (2), recency 0 / 0.2 / 0.3 (0, 4, 8).
  const known = new Float64Array(12).fill(Number.NaN);
  const of = (facts: IssueFacts) => {
    const s = score(facts, 0);
    return eligible(s) ? s.confidence : -1;
  };
  return (facts) => {
    if (pool.text.has(facts.id)) return of(facts);
    const member = pool.members.has(facts.id);
    const label = pool.lowered.find((l) => facts.labels.includes(l));
    const recency = recencyOf(Math.max(0, pool.nowMs - facts.changedMs));
    const key =
      (member ? 1 : 0) + (label === undefined ? 0 : 2) + (recency === 0 ? 0 : recency < 0.3 ? 4 : 8);
    let confidence = known[key]!;
    if (Number.isNaN(confidence)) {
      confidence = of({ ...facts, id: "", labels: label === undefined ? [] : [label] });
      known[key] = confidence;
    }
    return confidence;
  };
}

/** Confidence, then the most recent change, then id (0 only for the same id). */
function byKey(a: Key, b: Key): number {
  return b.confidence - a.confidence || a.ageMs - b.ageMs || compareIds(a.id, b.id);
}

export function byRank(a: Ranked, b: Ranked): number {
  return b.confidence - a.confidence || a.ageMs - b.ageMs || compareIds(a.candidate.id, b.candidate.id);
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keeps `top` the best `limit` by rank (sorted insertion: most entries lose to the last place). */
function insertTop(top: Key[], s: Key, limit: number): void {
  if (top.length === limit && byKey(s, top[limit - 1]!) >= 0) return;
  if (top.length === limit) top.pop();
  let i = top.length;
  while (i > 0 && byKey(s, top[i - 1]!) < 0) i--;
  top.splice(i, 0, s);
}
