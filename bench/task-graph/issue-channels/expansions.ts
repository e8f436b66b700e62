// Query expansion channels of the issue-channel trials (issue 21), both learned from the indexed
// issues themselves, never from a hand list:
// - RM3 pseudo-relevance feedback (Lavrenko & Croft's relevance model, interpolated): the first
//   pass's top `k` documents, each weighted by its share of their summed scores, give
//   P(w|R) = Σ_d share_d · tf(w, d) / |d|; the `terms` most likely words join the query, which
//   becomes (1 − λ) · own words (each 1/|Q|) + λ · P(w|R) / Σ P over the chosen words.
// - PMI co-occurrence: for each own word t, the `terms` words u with the highest pointwise mutual
//   information ln(N · co(t, u) / (df_t · df_u)) among those seen in at least `minCo` of t's
//   documents, each added at weight λ (own words weigh 1).
import type { FieldedIndex, WeightedQueryTerm } from "./fielded-index.js";

export interface Rm3Setting {
  k: number;
  terms: number;
  lambda: number;
}

export function rm3Query(
  index: FieldedIndex,
  own: readonly WeightedQueryTerm[],
  firstPass: readonly { doc: number; score: number }[],
  s: Rm3Setting,
): WeightedQueryTerm[] {
  const top = firstPass.slice(0, s.k);
  const total = top.reduce((sum, h) => sum + h.score, 0) || 1;
  const p = new Map<string, number>();
  for (const { doc, score } of top) {
    const terms = index.docTerms[doc]!;
    let length = 0;
    for (const tf of terms.values()) length += tf;
    for (const [t, tf] of terms) p.set(t, (p.get(t) ?? 0) + ((score / total) * tf) / (length || 1));
  }
  const chosen = [...p].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, s.terms);
  const mass = chosen.reduce((sum, [, v]) => sum + v, 0) || 1;
  const weight = new Map(own.map((t) => [t.term, (1 - s.lambda) / own.length]));
  for (const [t, v] of chosen) weight.set(t, (weight.get(t) ?? 0) + (s.lambda * v) / mass);
  return [...weight].map(([term, w]) => ({ term, weight: w }));
}

export interface PmiSetting {
  terms: number;
  lambda: number;
  minCo: number;
}

/** Co-occurrence counts of each term with `term` over the documents holding it (memoised by the caller). */
export function cooccurrences(index: FieldedIndex, term: string): Map<string, number> {
  const co = new Map<string, number>();
  for (const d of index.docsWith(term))
    for (const u of index.docTerms[d]!.keys()) co.set(u, (co.get(u) ?? 0) + 1);
  co.delete(term);
  return co;
}

export function pmiQuery(
  index: FieldedIndex,
  own: readonly WeightedQueryTerm[],
  coOf: (term: string) => Map<string, number>,
  s: PmiSetting,
): WeightedQueryTerm[] {
  const ownSet = new Set(own.map((t) => t.term));
  const weight = new Map(own.map((t) => [t.term, 1]));
  for (const { term } of own) {
    const dfT = index.df(term);
    if (dfT === 0) continue;
    const best = [...coOf(term)]
      .filter(([u, c]) => c >= s.minCo && !ownSet.has(u))
      .map(([u, c]) => ({ u, pmi: Math.log((index.n * c) / (dfT * index.df(u))) }))
      .sort((a, b) => b.pmi - a.pmi || (a.u < b.u ? -1 : 1))
      .slice(0, s.terms);
    for (const { u } of best) weight.set(u, Math.max(weight.get(u) ?? 0, s.lambda));
  }
  return [...weight].map(([term, w]) => ({ term, weight: w }));
}
