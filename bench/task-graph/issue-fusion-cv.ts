// Cross-validation of issue search's fusion weights (issue 21; services/task-graph/src/domain/search
// fusion.ts): each query's candidates (issue-fit-data.ts, features with every channel whole) scored
// again as the service scores them under a setting: the hybrid score of lib/search hybrid.ts with
// the cosine and soft weights and the expansions scaled by the query's meaning share
// (1 − u)^k. The expansion scale acts on the lexical side as
//   lex' = bm25 + e · (lex − bm25)   (expansions only add to the own words' normalised BM25)
// which is what scaling the expansions' weights by e does before the cap at 1.
// A setting is chosen for the smallest MRR@10 gain over plain BM25 among the sets of the training
// queries (the target is a gain on every set), ties to the smaller weights.
import { hybridScore, LexicalIndex, queryTerms, SoftMatcher } from "../../lib/search/index.js";
import { type FusionWeights, meaningShare } from "../../services/task-graph/src/domain/search/fusion.js";
import { fnv1a } from "./issue-fit-cv.js";
import type { FitQuery, Part } from "./issue-fit-data.js";
import { scoreRanking } from "./search-quality-support.js";

export const FOLDS = 5;
/** Feature columns of ISSUE_RANK_FEATURES (issue-reranker.ts) read here. */
const COSINE = 1;
const LEX = 2;
const SOFT = 3;
const BM25 = 8;

export type Setting = FusionWeights;

/** A grid over four parameters: the cosine's shares given × 4 × 4 × 5. */
function grid(vectorWeights: readonly number[]): Setting[] {
  return vectorWeights.flatMap((vectorWeight) =>
    [0, 0.2, 0.4, 0.6].flatMap((softWeight) =>
      [0.25, 0.5, 0.75, 1].flatMap((expansionWeight) =>
        [0, 1, 2, 4, 8].map((meaningGate) => ({ vectorWeight, softWeight, expansionWeight, meaningGate })),
      ),
    ),
  );
}

/** The grid the CV chooses from with the word vectors' cosine: 320 settings. */
export const SETTINGS: Setting[] = grid([0, 0.05, 0.1, 0.2]);
/**
 * With a sentence model's cosine (EMBEDDINGS_URL): 560 settings. A model that reads sentences can
 * carry far more of the score than word vectors averaged, so its share reaches 0.6.
 */
export const MODEL_SETTINGS: Setting[] = grid([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);

const soft = new SoftMatcher(new LexicalIndex());
const unknownOf = new Map<string, number>();
/** The share of the query's own words the word vectors do not know (cached per text). */
function unknownShare(text: string): number {
  let u = unknownOf.get(text);
  if (u === undefined) {
    u = soft.unknownShare(queryTerms(text));
    unknownOf.set(text, u);
  }
  return u;
}

/** The query's candidates ranked as the service ranks them under `s` (ties: smaller id first). */
export function rankWith(q: FitQuery, s: Setting): string[] {
  const share = meaningShare(unknownShare(q.text), s.meaningGate);
  const e = s.expansionWeight * share;
  return q.rows
    .map(({ id, features: f }) => {
      const lex = f[BM25]! + e * Math.max(0, f[LEX]! - f[BM25]!);
      return {
        id,
        score: hybridScore(f[COSINE]!, lex, s.vectorWeight * share, f[SOFT]!, s.softWeight * share),
      };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

const rr = (q: FitQuery, ranked: string[]) => scoreRanking(ranked, q.relevant).rr10;
const bm25Rr = (q: FitQuery) =>
  rr(
    q,
    q.bm25.map((k) => k.replace(/^issue:/, "")),
  );

const memo = new Map<Setting, Map<FitQuery, number>>();
function rrWith(q: FitQuery, s: Setting): number {
  const bySetting = memo.get(s) ?? new Map<FitQuery, number>();
  memo.set(s, bySetting);
  let v = bySetting.get(q);
  if (v === undefined) {
    v = rr(q, rankWith(q, s));
    bySetting.set(q, v);
  }
  return v;
}

/** The smallest mean gain in reciprocal rank over plain BM25 among the sets (parts) of `qs`. */
export function worstGainOverBm25(qs: readonly FitQuery[], s: Setting): number {
  const parts = [...new Set(qs.map((q) => q.part))];
  return Math.min(
    ...parts.map((p) => {
      const set = qs.filter((q) => q.part === p);
      return set.reduce((sum, q) => sum + rrWith(q, s) - bm25Rr(q), 0) / set.length;
    }),
  );
}

const weight = (s: Setting) => s.vectorWeight + s.softWeight + s.expansionWeight;
/** The best setting on `qs` (first of equals in the grid's order after the smaller weights). */
export function bestSetting(qs: readonly FitQuery[], settings: readonly Setting[] = SETTINGS): Setting {
  let best = settings[0]!;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const s of settings) {
    const gain = worstGainOverBm25(qs, s);
    if (gain > bestGain + 1e-12 || (Math.abs(gain - bestGain) <= 1e-12 && weight(s) < weight(best)))
      [best, bestGain] = [s, gain];
  }
  return best;
}

const foldOf = (q: FitQuery) => fnv1a(q.id) % FOLDS;

/** Nested CV: each fold's queries ranked with the setting chosen on the other folds. */
export function crossValidated(
  qs: readonly FitQuery[],
  settings: readonly Setting[] = SETTINGS,
): {
  ranked: Map<FitQuery, string[]>;
  chosen: Setting[];
} {
  const ranked = new Map<FitQuery, string[]>();
  const chosen: Setting[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const s = bestSetting(
      qs.filter((q) => foldOf(q) !== fold),
      settings,
    );
    chosen.push(s);
    for (const q of qs.filter((x) => foldOf(x) === fold)) ranked.set(q, rankWith(q, s));
  }
  return { ranked, chosen };
}

/** Leave one set out: the setting chosen on `from` alone, ranking `to`. */
export function transferred(
  from: readonly FitQuery[],
  to: readonly FitQuery[],
  settings: readonly Setting[] = SETTINGS,
) {
  const s = bestSetting(from, settings);
  return { setting: s, ranked: new Map(to.map((q) => [q, rankWith(q, s)])) };
}

export const ofPart = (qs: readonly FitQuery[], part: Part) => qs.filter((q) => q.part === part);
