// Issue search's fusion of the lexical and meaning channels, its weights fitted on data (issue 21),
// not set by hand: bench/task-graph/issue-fusion-fit.ts (`npm run fit:issue-fusion`) chooses them
// by nested 5-fold cross-validation over the queries of our eval set and the tune half of the
// outside one (CPython's change log), for the smallest MRR@10 gain over plain BM25 of the two
// sets (the target is a gain on every set, not on their mean). Figures and the diagnosis:
// bench/results/search-quality.md.
// The fusion orders what the hybrid score (MEANING_WEIGHTS, min_score) finds: finding stays as
// SPEC §2 describes it, the order is fitted. Its score is lib/search's hybridScore with these
// weights, the lexical side from the query with its expansions' weights scaled.
// The meaning channels (word-vector cosine, soft matching, WordNet expansion) cannot read an
// identifier ("ECDSA", "uuid1", "asdict"): for such a query they rank near misses written in
// ordinary words above the literal match. So their weights are scaled per query by
//   share = (1 − u)^k,  u = share of the query's own words the word vectors do not know,
// and a query of plain words keeps them whole, one full of identifiers is ranked by BM25 alone.
import {
  hybridScore,
  MEANING_WEIGHTS,
  type RankedHit,
  type WeightedTerm,
} from "../../../../../lib/search/index.js";

export interface FusionWeights {
  /** Share of the cosine in the hybrid score (lib/search hybrid.ts). */
  vectorWeight: number;
  /** Share of soft matching within the word sides. */
  softWeight: number;
  /** Scale of the expansions' weights (WordNet) in the lexical side. */
  expansionWeight: number;
  /** k of the meaning gate above; 0 keeps the weights for every query. */
  meaningGate: number;
}

/**
 * What the fit chose (bench/results/search-quality.md, 2026-11-28 "fitted fusion"): no cosine,
 * soft 0.4, expansions at a quarter of their weight, gate k 8. app.ts uses them with the
 * word-vector embedder, the one they were fitted with.
 */
const FITTED_FUSION: FusionWeights = {
  vectorWeight: 0,
  softWeight: 0.4,
  expansionWeight: 0.25,
  meaningGate: 8,
};

/**
 * The SearchService options app.ts runs with the word-vector embedder: found by the hybrid score
 * (MEANING_WEIGHTS), identifiers counted by exact match in soft matching (without that, a query's
 * unknown words drop out of its soft share and a document with its ordinary words scores 1),
 * ordered by FITTED_FUSION.
 */
export const FITTED_SEARCH = { ...MEANING_WEIGHTS, exactUnknown: true, fusion: FITTED_FUSION };

/** The meaning channels' share for a query whose own words the word vectors do not know in share `unknown`. */
export function meaningShare(unknown: number, gate: number): number {
  return (1 - Math.min(1, Math.max(0, unknown))) ** gate;
}

/** The terms with the expansions' (weight < 1) weights times `scale`; those scaled to 0 dropped. */
export function scaleExpansions(terms: readonly WeightedTerm[], scale: number): WeightedTerm[] {
  if (scale === 1) return [...terms];
  return terms.flatMap((t) =>
    t.weight >= 1 ? [t] : scale > 0 ? [{ term: t.term, weight: t.weight * scale }] : [],
  );
}

/**
 * The hits ordered by the fusion's score (ties: smaller key first), each place keeping the score
 * the hit there had, so scores still fall down the list. `lex`: each hit's normalised BM25 with
 * the expansions scaled (0 when missing).
 */
export function orderByFusion(
  hits: readonly RankedHit[],
  lex: ReadonlyMap<string, number>,
  w: FusionWeights,
  share: number,
): RankedHit[] {
  const fused = hits
    .map((h) => ({
      h,
      s: hybridScore(h.cosine, lex.get(h.key) ?? 0, w.vectorWeight * share, h.soft, w.softWeight * share),
    }))
    .sort((a, b) => b.s - a.s || (a.h.key < b.h.key ? -1 : 1));
  return fused.map(({ h }, i) => ({ ...h, score: hits[i]!.score }));
}
