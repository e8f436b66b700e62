// Query expansion by meaning: for each of the user's words, the corpus words whose pre-trained
// word vectors (lib/embedding/word-vectors.ts, GloVe) are closest ("duplicated" → "twice",
// "dies" → "crash"). Only words the corpus holds are candidates, so every addition can match.
// A neighbour joins at weight · cosine when its cosine is at least minSimilarity, at most
// maxTerms per word. Words the table lacks (identifiers, product names) are not expanded.
import { loadWordVectors, type WordVectors } from "../embedding/index.js";
import type { LexicalIndex, WeightedTerm } from "./bm25.js";
import { mergeTerms, type QueryExpander } from "./expansion.js";

export interface NeighbourOptions {
  /** Weight of a neighbour with cosine 1. @default 0.7 */
  weight?: number;
  /** Neighbours added per query word. @default 3 */
  maxTerms?: number;
  /** Cosine below which a word is no neighbour. @default 0.6 */
  minSimilarity?: number;
  vectors?: WordVectors;
}

export class NeighbourExpander implements QueryExpander {
  readonly name = "neighbours";
  readonly #weight: number;
  readonly #maxTerms: number;
  readonly #minSimilarity: number;
  #vectors: WordVectors | undefined;

  constructor(options: NeighbourOptions = {}) {
    this.#weight = options.weight ?? 0.7;
    this.#maxTerms = options.maxTerms ?? 3;
    this.#minSimilarity = options.minSimilarity ?? 0.6;
    this.#vectors = options.vectors;
  }

  expand(terms: WeightedTerm[], index: LexicalIndex): WeightedTerm[] {
    this.#vectors ??= loadWordVectors();
    const table = this.#vectors;
    const own = new Set(terms.map((t) => t.term));
    const queryRows: number[] = [];
    for (const { term, weight } of terms) {
      if (weight < 1) continue;
      const row = table.rowOfStem(term);
      if (row !== undefined) queryRows.push(row);
    }
    if (queryRows.length === 0) return terms;
    const best = queryRows.map(() => [] as { term: string; similarity: number }[]);
    for (const term of index.terms()) {
      if (own.has(term)) continue;
      const row = table.rowOfStem(term);
      if (row === undefined) continue;
      for (const [q, queryRow] of queryRows.entries()) {
        if (queryRow === row) continue;
        const similarity = table.similarity(queryRow, row);
        if (similarity >= this.#minSimilarity) best[q]!.push({ term, similarity });
      }
    }
    const extra: WeightedTerm[] = [];
    for (const list of best) {
      list.sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1));
      for (const n of list.slice(0, this.#maxTerms))
        extra.push({ term: n.term, weight: this.#weight * n.similarity });
    }
    return mergeTerms(terms, extra);
  }
}
