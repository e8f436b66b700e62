// The channels tried for issue search (issue 21), each a grid for nested-cv.ts: BM25F over the
// issue's fields, RM3 pseudo-relevance feedback and PMI co-occurrence expansion (expansions.ts),
// each expansion over plain BM25 and over a BM25F first pass.

import { cooccurrences, type PmiSetting, pmiQuery, type Rm3Setting, rm3Query } from "./expansions.js";
import {
  type Bm25fSetting,
  type FieldedIndex,
  ownQuery,
  PLAIN_BM25,
  type WeightedQueryTerm,
} from "./fielded-index.js";
import type { Channel } from "./nested-cv.js";
import type { TrialQuery } from "./trial-data.js";

const grid = <T>(...axes: T[][]): T[][] =>
  axes.reduce<T[][]>((acc, axis) => acc.flatMap((row) => axis.map((v) => [...row, v])), [[]]);

/** PLAIN_BM25 first, then title / labels / component weights (description 1), b of title and description, k1. */
const BM25F_SETTINGS: Bm25fSetting[] = [
  PLAIN_BM25,
  ...grid([0, 0.5, 1, 2], [0, 0.5, 1], [0, 0.5, 1], [0.3, 0.75], [0.3, 0.6, 0.75, 0.9], [0.8, 1.2, 2]).map(
    ([wt, wl, wc, bt, bd, k1]) => ({ w: [wt!, 1, wl!, wc!, 0], b: [bt!, bd!, 0, 0, 0], k1: k1! }),
  ),
];

const showBm25f = (s: Bm25fSetting) =>
  s === PLAIN_BM25
    ? "plain BM25"
    : `title ${s.w[0]}, labels ${s.w[2]}, component ${s.w[3]}, b title ${s.b[0]}, b desc ${s.b[1]}, k1 ${s.k1}`;

function topIds(index: FieldedIndex, query: readonly WeightedQueryTerm[], s: Bm25fSetting, n = 10) {
  return index.top(index.score(query, s), n).map((h) => index.ids[h.doc]!);
}

export const bm25fChannel: Channel<Bm25fSetting> = {
  name: "BM25F (fields)",
  settings: BM25F_SETTINGS,
  rank: (q, s) => topIds(q.index, ownQuery(q.text), s),
  show: showBm25f,
};

const OFF_RM3: Rm3Setting = { k: 0, terms: 0, lambda: 0 };
const RM3_SETTINGS: Rm3Setting[] = [
  OFF_RM3,
  ...grid([3, 5, 10, 20], [5, 10, 20, 40], [0.1, 0.2, 0.3, 0.5, 0.7]).map(([k, terms, lambda]) => ({
    k: k!,
    terms: terms!,
    lambda: lambda!,
  })),
];

const firstPassMemo = new Map<string, { doc: number; score: number }[]>();
function firstPass(q: TrialQuery, base: Bm25fSetting, label: string) {
  const key = `${label}\u0000${q.part}\u0000${q.text}`;
  let top = firstPassMemo.get(key);
  if (!top) {
    top = q.index.top(q.index.score(ownQuery(q.text), base), 20);
    firstPassMemo.set(key, top);
  }
  return top;
}

/** RM3 over a first and second pass ranked by `base` (plain BM25 or a BM25F setting). */
export function rm3Channel(base: Bm25fSetting, label: string): Channel<Rm3Setting> {
  return {
    name: `RM3 over ${label}`,
    settings: RM3_SETTINGS,
    rank: (q, s) => {
      const own = ownQuery(q.text);
      const query = s.lambda === 0 ? own : rm3Query(q.index, own, firstPass(q, base, label), s);
      return topIds(q.index, query, base);
    },
    show: (s) => (s.lambda === 0 ? "off" : `k ${s.k}, terms ${s.terms}, λ ${s.lambda}`),
  };
}

const OFF_PMI: PmiSetting = { terms: 0, lambda: 0, minCo: 0 };
const PMI_SETTINGS: PmiSetting[] = [
  OFF_PMI,
  ...grid([1, 2, 3, 5], [0.05, 0.1, 0.2, 0.3, 0.5], [2, 3, 5]).map(([terms, lambda, minCo]) => ({
    terms: terms!,
    lambda: lambda!,
    minCo: minCo!,
  })),
];

const coMemo = new WeakMap<FieldedIndex, Map<string, Map<string, number>>>();
/** Co-occurrence counts of a term over an index, memoised per index and term. */
export function coOf(index: FieldedIndex) {
  const memo = coMemo.get(index) ?? new Map<string, Map<string, number>>();
  coMemo.set(index, memo);
  return (term: string) => {
    let co = memo.get(term);
    if (!co) {
      co = cooccurrences(index, term);
      memo.set(term, co);
    }
    return co;
  };
}

export function pmiChannel(base: Bm25fSetting, label: string): Channel<PmiSetting> {
  return {
    name: `PMI co-occurrence over ${label}`,
    settings: PMI_SETTINGS,
    rank: (q, s) => {
      const own = ownQuery(q.text);
      const query = s.lambda === 0 ? own : pmiQuery(q.index, own, coOf(q.index), s);
      return topIds(q.index, query, base);
    },
    show: (s) => (s.lambda === 0 ? "off" : `terms ${s.terms}, λ ${s.lambda}, min co ${s.minCo}`),
  };
}
