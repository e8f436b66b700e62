// The learned re-ranker of the issue-channel trials (issue 21): a linear model (lib/search
// fitLinearModel, pairwise logistic) over 14 features of each candidate drawn from the channels:
//   bm25, bm25f, rm3, pmi   each channel's score / its best score for the query
//   rr_*                    1 / rank in each channel's top 20 (0 outside it)
//   rr_service              1 / rank in the service's top 10 as it ranks today (fitted fusion)
//   cover_title, cover_all  the idf share of the query's own words the title / the issue holds
//   hybrid, cosine, soft    the service's hybrid score and its word-vector cosine and soft match
//                           (every channel whole; 0 for a candidate the service did not score)
// Candidates: the union of the four channels' top 20 and the service's top 10. The channel
// settings are those chosen on the same training folds; L2 is chosen by an inner CV there.
import { fitLinearModel, type JudgedCandidates, linearScore } from "../../../lib/search/index.js";
import { coOf } from "./channels.js";
import { type PmiSetting, pmiQuery, type Rm3Setting, rm3Query } from "./expansions.js";
import { type Bm25fSetting, ownQuery, PLAIN_BM25, stems } from "./fielded-index.js";
import { FOLDS, foldOf, rr } from "./nested-cv.js";
import type { TrialQuery } from "./trial-data.js";

export const RERANK_FEATURES = [
  "bm25",
  "bm25f",
  "rm3",
  "pmi",
  "rr_bm25",
  "rr_bm25f",
  "rr_rm3",
  "rr_pmi",
  "rr_service",
  "cover_title",
  "cover_all",
  "hybrid",
  "cosine",
  "soft",
];
const DEPTH = 20;

export interface ChannelSettings {
  bm25f: Bm25fSetting;
  rm3: Rm3Setting;
  pmi: PmiSetting;
}

/** The service's order today and, per candidate it scored, [hybrid, cosine, soft] (issue-fit-data.ts). */
export interface Service {
  ranked: readonly string[];
  meaning: ReadonlyMap<string, number[]>;
}

export interface Candidates {
  ids: string[];
  x: number[][];
  relevant: boolean[];
}

const memo = new Map<string, Candidates>();

function scaled(scores: ReadonlyMap<number, number>): Map<number, number> {
  let max = 0;
  for (const v of scores.values()) max = Math.max(max, v);
  return new Map([...scores].map(([d, v]) => [d, max > 0 ? v / max : 0]));
}

/** A query's candidates and their features under the channel settings (memoised). */
export function candidates(q: TrialQuery, s: ChannelSettings, service: Service): Candidates {
  const key = `${q.part}\u0000${q.id}\u0000${JSON.stringify(s)}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const ix = q.index;
  const own = ownQuery(q.text);
  const plain = ix.score(own, PLAIN_BM25);
  const first = ix.top(plain, 20);
  const rm3q = s.rm3.lambda === 0 ? own : rm3Query(ix, own, first, s.rm3);
  const pmiq = s.pmi.lambda === 0 ? own : pmiQuery(ix, own, coOf(ix), s.pmi);
  const channels = [plain, ix.score(own, s.bm25f), ix.score(rm3q, PLAIN_BM25), ix.score(pmiq, PLAIN_BM25)];
  const ranks = channels.map((c) => new Map(ix.top(c, DEPTH).map((h, i) => [h.doc, 1 / (i + 1)])));
  const docOf = new Map(ix.ids.map((id, d) => [id, d]));
  const serviceRank = new Map(service.ranked.map((id, i) => [docOf.get(id)!, 1 / (i + 1)]));
  const docs = [...new Set([...ranks.flatMap((r) => [...r.keys()]), ...serviceRank.keys()])];
  const norms = channels.map(scaled);
  const idfSum = own.reduce((sum, t) => sum + ix.idf(t.term), 0) || 1;
  const titleStems = (d: number) => new Set(stems(ix.titles[d]!));
  const out: Candidates = { ids: [], x: [], relevant: [] };
  for (const d of docs) {
    const title = titleStems(d);
    const terms = ix.docTerms[d]!;
    const cover = (has: (t: string) => boolean) =>
      own.reduce((sum, t) => sum + (has(t.term) ? ix.idf(t.term) : 0), 0) / idfSum;
    out.ids.push(ix.ids[d]!);
    out.relevant.push(q.relevant.has(ix.ids[d]!));
    out.x.push([
      ...norms.map((n) => n.get(d) ?? 0),
      ...ranks.map((r) => r.get(d) ?? 0),
      serviceRank.get(d) ?? 0,
      cover((t) => title.has(t)),
      cover((t) => terms.has(t)),
      ...(service.meaning.get(ix.ids[d]!) ?? [0, 0, 0]),
    ]);
  }
  memo.set(key, out);
  return out;
}

export function rankByModel(c: Candidates, weights: readonly number[]): string[] {
  const model = { features: RERANK_FEATURES, weights: [...weights], scale: 1, bias: 0 };
  return c.ids
    .map((id, i) => ({ id, s: linearScore(model, c.x[i]!) }))
    .sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1))
    .map((r) => r.id)
    .slice(0, 10);
}

const L2S = [0.01, 0.1, 1, 10];

export function fitWeights(cs: readonly Candidates[], l2: number): number[] {
  const judged: JudgedCandidates[] = cs.map((c) => ({ features: c.x, relevant: c.relevant }));
  return fitLinearModel(RERANK_FEATURES, judged, { l2 }).weights;
}

/** The L2 of the best inner-CV worst-set gain over BM25 on `qs` (folds other than the outer one). */
export function chooseL2(qs: readonly TrialQuery[], cand: (q: TrialQuery) => Candidates): number {
  let best = L2S[0]!;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const l2 of L2S) {
    const gainOf = new Map<TrialQuery, number>();
    for (let fold = 0; fold < FOLDS; fold++) {
      const test = qs.filter((q) => foldOf(q) === fold);
      if (test.length === 0) continue;
      const w = fitWeights(qs.filter((q) => foldOf(q) !== fold).map(cand), l2);
      for (const q of test) gainOf.set(q, rr(q, rankByModel(cand(q), w)) - rr(q, q.bm25));
    }
    const parts = [...new Set(qs.map((q) => q.part))];
    const g = Math.min(
      ...parts.map((p) => {
        const set = qs.filter((q) => q.part === p);
        return set.reduce((s, q) => s + gainOf.get(q)!, 0) / set.length;
      }),
    );
    if (g > bestGain + 1e-12) [best, bestGain] = [l2, g];
  }
  return best;
}
