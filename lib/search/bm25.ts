// In-memory BM25 over indexed documents (k1 = 1.2, b = 0.75), normalised per query so the
// lexical score is absolute rather than relative to the best hit:
//   lex(d) = Σ_t w_t · idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avg|d|))  /  Σ_{t: w_t = 1} idf(t)·(k1+1)
// over the distinct (stemmed) query terms t with weight w_t (1 for the user's own words, less for
// expansions such as synonyms), idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)). Only the user's own
// words count in the denominator, so expansions add partial credit and never dilute a literal
// match; lex is capped at 1. Documents get dense integer slots (reused after deletion) so
// scoring accumulates into a typed array instead of a Map, and only the best `limit` are
// selected, never a full sort. Shared by the task-graph service and the controller's search.
// With `typeStatistics`, N, df and the average length count only the documents of the searched
// types, so one index holding many kinds (files beside their tiny symbol documents) still ranks
// files as BM25 over the files alone would: without it, short documents of other types make every
// file look long and shift each term's rarity.
import { ShardedMap } from "../collections/index.js";
import { forEachToken, tokenize } from "../embedding/index.js";
import { PostingLists } from "./posting-lists.js";

const K1 = 1.2;
/**
 * Terms of a long document added between two pauses (setTermsInParts): well under a millisecond,
 * but each is a new map entry, and while V8 marks the heap 2,048 of them were tasks of ~40 ms.
 */
const TERMS_PER_PART = 512;
const B = 0.75;

/** BM25's idf of a term in `df` of `n` documents (the +1 keeps it positive for common terms). */
function idfOf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** One query term's BM25 contribution to a document of `length` terms holding it `tf` times. */
function termScore(weight: number, idf: number, tf: number, length: number, avgLength: number): number {
  return (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgLength));
}

export interface LexicalHit {
  key: string;
  score: number;
}

/** A document's field: its text, its boost, and whether it is names (stopwords kept). */
export type Field = [text: string, boost: number, names?: boolean];

/** A query term (already tokenized and stemmed) and how much a match on it counts. */
export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface LexicalSearchOptions {
  /** Only documents of these types. */
  types?: string[];
  /** Only documents whose key passes. */
  accept?: (key: string) => boolean;
  /** N, df and the average length over the documents of `types` only (see the header). @default false */
  typeStatistics?: boolean;
}

/** The user's own words among weighted terms (weight 1; expansions weigh less). */
export function ownTerms(terms: readonly WeightedTerm[]): WeightedTerm[] {
  return terms.filter((t) => t.weight >= 1);
}

/** The distinct stemmed terms of a text, each with weight 1. */
export function queryTerms(text: string): WeightedTerm[] {
  return [...new Set(tokenize(text, { stem: true }))].map((term) => ({ term, weight: 1 }));
}

/**
 * Adds a field's stemmed tokens to a document's terms, each counting `boost` (what set() does per
 * field; text cut at whitespace gives the same terms piece by piece, as no identifier spans it).
 */
export function addFieldTerms(terms: Map<string, number>, text: string, boost: number, names = false): void {
  forEachToken(text, { stem: true, dropStopwords: !names }, (token) =>
    terms.set(token, (terms.get(token) ?? 0) + boost),
  );
}

export class LexicalIndex {
  readonly #slotOf = new ShardedMap<number>();
  readonly #keys: (string | undefined)[] = [];
  readonly #types: string[] = [];
  /** Each slot's type as a small number, so a type filter is an array look-up per posting. */
  readonly #typeCodes: number[] = [];
  readonly #codeOf = new Map<string, number>();
  readonly #lengths: number[] = [];
  readonly #terms: ReadonlyMap<string, number>[] = [];
  readonly #free: number[] = [];
  /** type → [documents, total length], for typeStatistics. */
  readonly #typeTotals = new Map<string, [number, number]>();
  /** term → (slot, boosted term frequency) of each document holding it */
  readonly #postings = new PostingLists();
  #totalLength = 0;
  #scores = new Float64Array(0);

  get size(): number {
    return this.#slotOf.size;
  }

  /**
   * Adds or replaces a document; `fields` are [text, boost] (a boost repeats the field's terms),
   * or [text, boost, true] for a field of names whose every word counts, stopwords too (an API's
   * path: "/users/me").
   */
  set(key: string, type: string, fields: Field[]): void {
    const terms = new Map<string, number>();
    for (const [text, boost, names = false] of fields) addFieldTerms(terms, text, boost, names);
    this.setTerms(key, type, terms, "shared");
  }

  /**
   * Adds or replaces a document from terms computed before. `keep`: "given" keeps this map (a
   * start-up cache holds it too); "shared" keeps a copy whose strings are the index's own (see
   * PostingLists.add), and the given map can go.
   */
  setTerms(
    key: string,
    type: string,
    terms: ReadonlyMap<string, number>,
    keep: "given" | "shared" = "given",
  ): void {
    const slot = this.#place(key, type, terms);
    if (keep === "given") {
      // No copy to make: a start-up cache (e2e search's) keeps this map, so it is the one kept.
      this.#postings.addPart(slot, terms, undefined);
      this.#terms[slot] = terms;
    } else this.#terms[slot] = this.#postings.add(slot, terms);
  }

  /**
   * setTerms(…, "shared") for a long document: its postings go in TERMS_PER_PART at a time, with
   * `pause()` between parts (a file of tens of thousands of distinct terms at once was one task of
   * 35-50 ms at 20,000 files, issue 25). Searches meanwhile may find it by the terms added so far.
   * False when the document was deleted or set again meanwhile: that write wins, this one stops.
   */
  async setTermsInParts(
    key: string,
    type: string,
    terms: ReadonlyMap<string, number>,
    pause: () => Promise<void>,
  ): Promise<boolean> {
    const slot = this.#place(key, type, terms);
    const generation = this.#postings.generationOf(slot);
    // The document's terms so far: a delete meanwhile removes exactly what was added.
    const shared = new Map<string, number>();
    this.#terms[slot] = shared;
    const part: [string, number][] = [];
    for (const entry of terms) {
      part.push(entry);
      if (part.length < TERMS_PER_PART) continue;
      this.#postings.addPart(slot, part, shared);
      part.length = 0;
      await pause();
      if (this.#postings.generationOf(slot) !== generation) return false;
    }
    this.#postings.addPart(slot, part, shared);
    return true;
  }

  /** A slot for the document, with its type and length; the caller adds its postings and terms. */
  #place(key: string, type: string, terms: ReadonlyMap<string, number>): number {
    this.delete(key);
    let length = 0;
    for (const tf of terms.values()) length += tf;
    const slot = this.#free.pop() ?? this.#keys.length;
    this.#slotOf.set(key, slot);
    this.#keys[slot] = key;
    this.#types[slot] = type;
    this.#typeCodes[slot] = this.#code(type);
    this.#lengths[slot] = length;
    this.#totalLength += length;
    this.#countType(type, 1, length);
    return slot;
  }

  delete(key: string): void {
    const slot = this.#slotOf.get(key);
    if (slot === undefined) return;
    this.#slotOf.delete(key);
    this.#totalLength -= this.#lengths[slot]!;
    this.#countType(this.#types[slot]!, -1, -this.#lengths[slot]!);
    this.#postings.remove(slot, this.#terms[slot]!.keys());
    this.#keys[slot] = undefined;
    this.#terms[slot] = new Map();
    this.#free.push(slot);
  }

  #countType(type: string, documents: number, length: number): void {
    const totals = this.#typeTotals.get(type) ?? [0, 0];
    totals[0] += documents;
    totals[1] += length;
    if (totals[0] === 0) this.#typeTotals.delete(type);
    else this.#typeTotals.set(type, totals);
  }

  /** How many documents contain `term` (stemmed). */
  documentFrequency(term: string): number {
    return this.#postings.documentFrequency(term);
  }

  /** The (stemmed) terms of a document with their boosted frequencies; empty when unknown. */
  termsOf(key: string): ReadonlyMap<string, number> {
    const slot = this.#slotOf.get(key);
    return slot === undefined ? new Map() : this.#terms[slot]!;
  }

  /** Every (stemmed) term some document holds. */
  terms(): Iterable<string> {
    return this.#postings.terms();
  }

  /** Keys of the documents containing `term` (stemmed). */
  documentsWith(term: string): Iterable<string> {
    const keys: string[] = [];
    this.#postings.forEach(term, (slot) => keys.push(this.#keys[slot]!));
    return keys;
  }

  /** Best `limit` documents by normalised BM25 (see the header). `query` as text means weight 1 per term. */
  search(query: string | WeightedTerm[], limit: number, options: LexicalSearchOptions = {}): LexicalHit[] {
    const terms = typeof query === "string" ? queryTerms(query) : query;
    const allowed = options.types ? this.#typeMask(options.types) : null;
    const ownTypes = options.types && options.typeStatistics ? new Set(options.types) : null;
    let n = this.#slotOf.size;
    let totalLength = this.#totalLength;
    if (ownTypes) {
      [n, totalLength] = [0, 0];
      for (const type of ownTypes) {
        const [documents, length] = this.#typeTotals.get(type) ?? [0, 0];
        n += documents;
        totalLength += length;
      }
    }
    if (terms.length === 0 || n === 0) return [];
    const avgLength = totalLength / n || 1;
    const accept = options.accept;
    if (this.#scores.length < this.#keys.length) this.#scores = new Float64Array(this.#keys.length * 2);
    const scores = this.#scores;
    const touched: number[] = [];
    // A rejected document is marked by a negative score (real scores are never negative) instead of
    // a Set: one typed-array read per posting entry; the marks are cleared with the scores.
    const rejected: number[] = [];
    const [codes, keys, lengths] = [this.#typeCodes, this.#keys, this.#lengths];
    let ideal = 0;
    for (const { term, weight } of terms) {
      const df = ownTypes ? this.#typeFrequency(term, allowed!) : this.#postings.documentFrequency(term);
      const idf = idfOf(n, df);
      if (weight >= 1) ideal += idf * (K1 + 1);
      this.#postings.forEach(term, (slot, tf) => {
        const score = scores[slot]!;
        if (score < 0) return;
        if (score === 0) {
          if ((allowed && !allowed[codes[slot]!]) || (accept && !accept(keys[slot]!))) {
            scores[slot] = -1;
            rejected.push(slot);
            return;
          }
          touched.push(slot);
        }
        scores[slot] = score + termScore(weight, idf, tf, lengths[slot]!, avgLength);
      });
    }
    const best = selectBest(touched, scores, limit, this.#keys as string[]);
    for (const slot of touched) scores[slot] = 0;
    for (const slot of rejected) scores[slot] = 0;
    if (ideal === 0) ideal = 1;
    return best.map(({ slot, score }) => ({ key: this.#keys[slot]!, score: Math.min(1, score / ideal) }));
  }

  /**
   * What search(query, keys.length, { accept: key in keys }) scores these documents, without its
   * walk of each term's every posting: each term is looked up in the few documents' own terms
   * (re-ranking found hits, issue search's fusion). The same sums in the same order; a document
   * holding no query term is left out, as search() does not find it.
   */
  scoresOf(query: WeightedTerm[], keys: Iterable<string>): Map<string, number> {
    const out = new Map<string, number>();
    const n = this.#slotOf.size;
    if (query.length === 0 || n === 0) return out;
    const avgLength = this.#totalLength / n || 1;
    const slots: number[] = [];
    for (const key of new Set(keys)) {
      const slot = this.#slotOf.get(key);
      if (slot !== undefined) slots.push(slot);
    }
    const sums = new Float64Array(slots.length);
    const found = new Uint8Array(slots.length);
    let ideal = 0;
    for (const { term, weight } of query) {
      const df = this.#postings.documentFrequency(term);
      const idf = idfOf(n, df);
      if (weight >= 1) ideal += idf * (K1 + 1);
      if (df === 0) continue;
      for (let i = 0; i < slots.length; i++) {
        const tf = this.#terms[slots[i]!]!.get(term);
        if (tf === undefined) continue;
        found[i] = 1;
        sums[i] = sums[i]! + termScore(weight, idf, tf, this.#lengths[slots[i]!]!, avgLength);
      }
    }
    if (ideal === 0) ideal = 1;
    slots.forEach((slot, i) => {
      if (found[i]) out.set(this.#keys[slot]!, Math.min(1, sums[i]! / ideal));
    });
    return out;
  }

  #code(type: string): number {
    let code = this.#codeOf.get(type);
    if (code === undefined) {
      code = this.#codeOf.size;
      this.#codeOf.set(type, code);
    }
    return code;
  }

  /** 1 at the codes of these types (types no document has are left out). */
  #typeMask(types: string[]): Uint8Array {
    const mask = new Uint8Array(this.#codeOf.size);
    for (const type of types) {
      const code = this.#codeOf.get(type);
      if (code !== undefined) mask[code] = 1;
    }
    return mask;
  }

  /** Documents of the types `mask` (#typeMask) holds that hold `term`: a code look-up per posting. */
  #typeFrequency(term: string, mask: Uint8Array): number {
    const codes = this.#typeCodes;
    let df = 0;
    this.#postings.forEach(term, (slot) => {
      if (mask[codes[slot]!]) df++;
    });
    return df;
  }
}

// The `limit` best slots by score (ties: smaller key first), by sorted insertion: most slots
// lose to the current last place and cost one comparison.
function selectBest(
  slots: number[],
  scores: Float64Array,
  limit: number,
  keys: string[],
): { slot: number; score: number }[] {
  const chosen: { slot: number; score: number }[] = [];
  const better = (a: { slot: number; score: number }, b: { slot: number; score: number }) =>
    a.score > b.score || (a.score === b.score && keys[a.slot]! < keys[b.slot]!);
  for (const slot of slots) {
    const entry = { slot, score: scores[slot]! };
    if (chosen.length === limit && !better(entry, chosen[limit - 1]!)) continue;
    if (chosen.length === limit) chosen.pop();
    let i = chosen.length;
    while (i > 0 && better(entry, chosen[i - 1]!)) i--;
    chosen.splice(i, 0, entry);
  }
  return chosen;
}
