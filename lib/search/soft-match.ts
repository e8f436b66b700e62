// Soft term matching by meaning: how much of the query a document covers when a word counts as
// present if the document has it or a word close to it in pre-trained word vectors
// (lib/embedding/word-vectors.ts, GloVe): "money back" covers "refund", "dies" covers "crash".
//   soft(d) = Σ_t idf(t) · m_t(d) / Σ_t idf(t),   m_t(d) = max(0, (best_t(d) − τ) / (1 − τ))
// over the user's own query words t that the vector table knows, best_t(d) the highest cosine
// between t and a word of d (1 for t itself), idf as in bm25.ts. τ = 0.4: below it, cosines of
// GloVe words are mostly topical noise (chosen on the tune half of bench/search-quality with the
// fusion weights, see README.md). Computed for the candidates of a search only, so its cost
// grows with the candidates (≤ 2 · depth), not with the corpus.
import { loadWordVectors, type WordVectors } from "../embedding/index.js";
import { type LexicalIndex, ownTerms, type WeightedTerm } from "./bm25.js";

const SOFT_MATCH_THRESHOLD = 0.4;
/** The row of a query word matched by itself only (exactUnknown). */
const EXACT_ONLY = -1;

export class SoftMatcher {
  readonly #threshold: number;
  readonly #exactUnknown: boolean;
  #vectors: WordVectors | undefined;
  readonly #readVectors: () => WordVectors;
  /** A document's term map (replaced whenever the document is) → the table rows of its terms. */
  readonly #rows = new WeakMap<ReadonlyMap<string, number>, Int32Array>();

  constructor(
    private readonly index: LexicalIndex,
    options: {
      threshold?: number;
      /**
       * The table, or how to get it on first use (an embedder's own table, so a process reads
       * the 5 MB file once); the committed table, read on first use, when not given.
       */
      vectors?: WordVectors | (() => WordVectors);
      /**
       * Count a query word the vectors do not know, but some item holds ("unfollow", "reindex"),
       * as covered by that word only. Off, such a word is left out and the query's other words
       * alone decide coverage: "unfollow a user" is then all about users. On for an API's names
       * (e2e search); off for issue prose, where it measured worse (lib/search/README.md).
       */
      exactUnknown?: boolean;
    } = {},
  ) {
    this.#threshold = options.threshold ?? SOFT_MATCH_THRESHOLD;
    this.#exactUnknown = options.exactUnknown ?? false;
    const vectors = options.vectors;
    this.#readVectors = typeof vectors === "function" ? vectors : () => vectors ?? loadWordVectors();
  }

  /** soft(d) in [0, 1] for each of `keys`; terms below weight 1 (expansions) are not the user's and are ignored. */
  score(terms: WeightedTerm[], keys: Iterable<string>): Map<string, number> {
    this.#vectors ??= this.#readVectors();
    const table = this.#vectors;
    const n = this.index.size;
    const query: { term: string; row: number; idf: number }[] = [];
    let idfSum = 0;
    for (const { term, weight } of terms) {
      if (weight < 1) continue;
      const df = this.index.documentFrequency(term);
      const row = table.rowOfStem(term) ?? (this.#exactUnknown && df > 0 ? EXACT_ONLY : undefined);
      if (row === undefined) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      query.push({ term, row, idf });
      idfSum += idf;
    }
    const scores = new Map<string, number>();
    if (query.length === 0) {
      for (const key of keys) scores.set(key, 0);
      return scores;
    }
    const tau = this.#threshold;
    // Candidates share most of their words: each (query word, document word) cosine is computed
    // once per search and looked up after (NaN: not yet), the same values in the same order.
    const slotOf = new Map<number, number>();
    let cache = new Float64Array(64 * query.length).fill(Number.NaN);
    for (const key of keys) {
      const terms = this.index.termsOf(key);
      const rows = this.#rowsOf(terms, table);
      const slots = new Int32Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        let slot = slotOf.get(rows[i]!);
        if (slot === undefined) {
          slot = slotOf.size;
          slotOf.set(rows[i]!, slot);
          if ((slot + 1) * query.length > cache.length) {
            const grown = new Float64Array(cache.length * 2).fill(Number.NaN);
            grown.set(cache);
            cache = grown;
          }
        }
        slots[i] = slot * query.length;
      }
      let sum = 0;
      for (let qi = 0; qi < query.length; qi++) {
        const q = query[qi]!;
        let best = terms.has(q.term) ? 1 : 0;
        for (let i = 0; i < rows.length && best < 1 && q.row !== EXACT_ONLY; i++) {
          let similarity = cache[slots[i]! + qi]!;
          if (Number.isNaN(similarity)) {
            similarity = rows[i] === q.row ? 1 : table.similarity(q.row, rows[i]!);
            cache[slots[i]! + qi] = similarity;
          }
          if (similarity > best) best = similarity;
        }
        if (best > tau) sum += (q.idf * (best - tau)) / (1 - tau);
      }
      scores.set(key, sum / idfSum);
    }
    return scores;
  }

  /**
   * Share of the user's own query words (weight 1) the word vectors do not know: identifiers such
   * as "ECDSA" or "uuid1", for which meaning matching has nothing to say (issue search's re-ranker
   * reads it, services/task-graph/src/domain/search/issue-literal.ts). 0 for no own word.
   */
  unknownShare(terms: readonly WeightedTerm[]): number {
    this.#vectors ??= this.#readVectors();
    const own = ownTerms(terms);
    if (own.length === 0) return 0;
    return own.filter((t) => this.#vectors!.rowOfStem(t.term) === undefined).length / own.length;
  }

  #rowsOf(terms: ReadonlyMap<string, number>, table: WordVectors): Int32Array {
    let rows = this.#rows.get(terms);
    if (!rows) {
      const found = new Set<number>();
      for (const term of terms.keys()) {
        const row = table.rowOfStem(term);
        if (row !== undefined) found.add(row);
      }
      rows = Int32Array.from(found);
      this.#rows.set(terms, rows);
    }
    return rows;
  }
}
