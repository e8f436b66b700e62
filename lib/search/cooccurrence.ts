// Query expansion from the corpus itself: words that keep appearing in the same documents as a
// query word are likely about the same thing ("webhook" with "signature", "sofa" with "couch").
// For each of the user's words t, a candidate u scores
//   assoc(t, u) = co(t, u) / df(t) · idf(u) / ln(N + 1)
// (how often u accompanies t, discounted when u is everywhere), counted over at most
// MAX_DOCUMENTS documents holding t. The best MAX_TERMS words with co(t, u) ≥ MIN_CO join the
// query at weight · assoc. Words in fewer than MIN_CO documents tell nothing and are skipped.
import type { LexicalIndex, WeightedTerm } from "./bm25.js";
import { mergeTerms, type QueryExpander } from "./expansion.js";

const MAX_DOCUMENTS = 200;
const MIN_CO = 2;

export interface CooccurrenceOptions {
  /** Weight of a word with association 1. @default 0.3 */
  weight?: number;
  /** Words added per query word. @default 3 */
  maxTerms?: number;
}

export class CooccurrenceExpander implements QueryExpander {
  readonly name = "cooccurrence";
  readonly #weight: number;
  readonly #maxTerms: number;

  constructor(options: CooccurrenceOptions = {}) {
    this.#weight = options.weight ?? 0.3;
    this.#maxTerms = options.maxTerms ?? 3;
  }

  expand(terms: WeightedTerm[], index: LexicalIndex): WeightedTerm[] {
    const n = index.size;
    const own = new Set(terms.map((t) => t.term));
    const extra: WeightedTerm[] = [];
    for (const { term, weight } of terms) {
      if (weight < 1) continue;
      const df = index.documentFrequency(term);
      if (df < MIN_CO) continue;
      const co = new Map<string, number>();
      let seen = 0;
      for (const key of index.documentsWith(term)) {
        if (seen++ >= MAX_DOCUMENTS) break;
        for (const u of index.termsOf(key).keys()) if (!own.has(u)) co.set(u, (co.get(u) ?? 0) + 1);
      }
      const scored = [...co]
        .filter(([, c]) => c >= MIN_CO)
        .map(([u, c]) => {
          const idf = Math.log(
            1 + (n - index.documentFrequency(u) + 0.5) / (index.documentFrequency(u) + 0.5),
          );
          return { term: u, assoc: (c / Math.min(df, MAX_DOCUMENTS)) * (idf / Math.log(n + 1)) };
        })
        .sort((a, b) => b.assoc - a.assoc || (a.term < b.term ? -1 : 1))
        .slice(0, this.#maxTerms);
      for (const s of scored) extra.push({ term: s.term, weight: this.#weight * Math.min(1, s.assoc) });
    }
    return mergeTerms(terms, extra);
  }
}
