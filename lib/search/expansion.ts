// Query expansion: adds terms related to the user's words, each with a weight below 1, so that a
// query finds documents written with other words for the same thing. Expanders compose: each
// gets the terms so far (the user's own at weight 1) and returns them plus its additions.
import type { LexicalIndex, WeightedTerm } from "./bm25.js";

export interface QueryExpander {
  readonly name: string;
  expand(terms: WeightedTerm[], index: LexicalIndex): WeightedTerm[];
}

/** Adds `extra` to `terms`, keeping for each term its highest weight. */
export function mergeTerms(terms: WeightedTerm[], extra: WeightedTerm[]): WeightedTerm[] {
  const weight = new Map(terms.map((t) => [t.term, t.weight]));
  for (const t of extra) if (t.weight > (weight.get(t.term) ?? 0)) weight.set(t.term, t.weight);
  return [...weight].map(([term, w]) => ({ term, weight: w }));
}
