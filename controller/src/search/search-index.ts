// The searchable index of one manifest and its suite: the lexical side (lib/search's BM25 with
// WordNet expansion), one vector per document (the embedder of embedder.ts), and the hybrid
// ranking of lib/search/rank.ts, the task graph's own. The vector side is an exact scan (a
// manifest holds thousands of documents at most, a few ms).
import { cosine, stem, tokenize } from "../../../lib/embedding/index.js";
import {
  candidateDepth,
  leadingCollocations,
  LexicalIndex,
  MIN_SCORE,
  queryTerms,
  readVerbStems,
  type RankWeights,
  rankCandidates,
  SoftMatcher,
  type WeightedTerm,
  WordNetExpander,
} from "../../../lib/search/index.js";
import { ApiVocabulary, STANDS_IN } from "./api-vocabulary.js";
import type { DocHead } from "./documents.js";
import { type IntentLookup, intentFactor, methodIntent } from "./method-intent.js";

/** A document as the index (and its cache) holds it. */
export interface IndexedDocument {
  head: DocHead;
  terms: ReadonlyMap<string, number>;
  vector: Float32Array;
}

/** What an index is made of (and its cache holds). */
export interface IndexContent {
  documents: IndexedDocument[];
  /** lib/search's WordNet table as text, restricted to the documents' words (restrictSynonymText). */
  synonyms: string;
}

export interface QueryEmbedder {
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** An embedder whose name tells cached vectors apart. */
export interface SearchEmbedder extends QueryEmbedder {
  readonly name: string;
}

export interface SearchOptions {
  /** How many hits. @default 10 */
  limit?: number;
  /** Only this service's items. */
  service?: string;
  /** @default MIN_SCORE (0.15) */
  minScore?: number;
}

/**
 * How much a kind's score counts: people search for endpoints first; a DTO's field, the page
 * method and the module that call an endpoint share its words and would crowd it out of the top.
 */
const KIND_PRIOR: Record<string, number> = {
  endpoint: 1,
  "page-method": 0.9,
  module: 0.85,
  dto: 0.85,
  field: 0.75,
};

export interface SearchHit extends DocHead {
  score: number;
  /** The query's words the item contains (a related word WordNet added is shown as `word~`). */
  matched: string[];
}

/** A lone letter is what an apostrophe leaves ("a cat's record": s; "can't": t), not a word. */
const LETTER = /^[a-z]$/;

export class SearchIndex {
  readonly #lexical = new LexicalIndex();
  readonly #heads = new Map<string, DocHead>();
  readonly #vectors = new Map<string, Float32Array>();
  readonly #soft = new SoftMatcher(this.#lexical, { exactUnknown: true });
  readonly #wordnet: WordNetExpander;
  readonly #vocabulary = new ApiVocabulary();
  /** The stems of the endpoints' path segments: the API's resource names. */
  readonly #resources = new Set<string>();
  /** WordNet's verbs, read on first need: most queries start with a seed verb, a noun or a question word. */
  #verbs: Set<string> | undefined;
  readonly #intentLookup: IntentLookup = {
    synonyms: (s) => this.#wordnet.table.get(s)?.synonyms ?? [],
    group: (s) => this.#vocabulary.group(s),
    isVerb: (s) => {
      this.#verbs ??= new Set(readVerbStems());
      return this.#verbs.has(s);
    },
    isResource: (s) => this.#resources.has(s),
  };

  constructor(
    { documents, synonyms }: IndexContent,
    private readonly embedder: QueryEmbedder,
    private readonly weights: RankWeights,
  ) {
    this.#wordnet = new WordNetExpander(undefined, undefined, synonyms);
    for (const { head, terms, vector } of documents) {
      this.#lexical.setTerms(head.key, head.kind, terms);
      this.#heads.set(head.key, head);
      this.#vectors.set(head.key, vector);
      for (const word of tokenize(head.path ?? "", { stem: true })) this.#resources.add(word);
    }
  }

  get size(): number {
    return this.#heads.size;
  }

  /** The services the index knows, sorted. */
  services(): string[] {
    return [...new Set([...this.#heads.values()].map((h) => h.service))].sort();
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchHit[]> {
    const limit = options.limit ?? 10;
    const accept = options.service
      ? (key: string) => this.#heads.get(key)?.service === options.service
      : () => true;
    const depth = candidateDepth(limit);
    // The WordNet collocation each clause starts with ("get rid of"): words and intent.
    const collocations = leadingCollocations(query, this.#wordnet.table);
    const terms = this.#terms(query, collocations);
    const lexicalHits = this.#lexical.search(terms, depth, { accept });
    const [queryVector] = await this.embedder.embed([query]);
    const minScore = options.minScore ?? MIN_SCORE;
    const leading = this.#vocabulary.leadingWord(query) ?? collocations[0];
    const intent = methodIntent(query, this.#intentLookup, leading);
    const ranked = rankCandidates({
      vectorHits: this.#vectorHits(queryVector!, depth, accept, lexicalHits),
      lexicalHits,
      terms,
      ...this.weights,
      minScore,
      soft: this.#soft,
    })
      .map((r) => {
        const head = this.#heads.get(r.key)!;
        const prior = (KIND_PRIOR[head.kind] ?? 1) * intentFactor(intent, head.method);
        return { key: r.key, score: r.score * prior };
      })
      .filter((r) => r.score >= minScore)
      .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
    const shown = wordsByStem(query);
    return ranked.slice(0, limit).map(({ key, score }) => ({
      ...this.#heads.get(key)!,
      score: Math.round(score * 10_000) / 10_000,
      matched: this.#matched(key, terms, shown),
    }));
  }

  /**
   * The query's own terms (a leading collocation's words as what it stands for), the words its
   * phrases stand for, WordNet's and the API vocabulary's related words.
   */
  #terms(query: string, leadingKeys: readonly (string | undefined)[]): WeightedTerm[] {
    // No item holds "get rid of": its synonyms stand in for it, as the API vocabulary's do.
    const collocations = this.#wordnet.collocationTerms(leadingKeys, this.#lexical, STANDS_IN);
    const own = queryTerms(query).filter((t) => !collocations.replaced.has(t.term) && !LETTER.test(t.term));
    const seen = new Set(own.map((t) => t.term));
    const phrases = [...this.#vocabulary.phraseTerms(query, this.#lexical), ...collocations.terms].filter(
      (t) => !seen.has(t.term),
    );
    const withSynonyms = this.#wordnet.expand([...own, ...phrases], this.#lexical);
    return this.#vocabulary.expand(withSynonyms, this.#lexical);
  }

  /** Plain BM25 over the same documents (no expansion, no vectors): the evaluation's baseline. */
  bm25(query: string, limit: number): DocHead[] {
    return this.#lexical.search(queryTerms(query), limit).map((hit) => this.#heads.get(hit.key)!);
  }

  /**
   * The `depth` documents closest to the query vector, and the lexical side's candidates with
   * their own cosine: the scan is exact, so a lexical hit need not count 0 on the vector side
   * (the lower bound lib/search/rank.ts assumes for an approximate index).
   */
  #vectorHits(
    query: Float32Array,
    depth: number,
    accept: (key: string) => boolean,
    lexicalHits: readonly { key: string }[],
  ) {
    const hits = this.#nearest(query, depth, accept);
    const seen = new Set(hits.map((h) => h.key));
    for (const { key } of lexicalHits)
      if (!seen.has(key)) hits.push({ key, score: cosine(query, this.#vectors.get(key)!) });
    return hits;
  }

  /** The `depth` documents closest to the query vector (exact scan). */
  #nearest(query: Float32Array, depth: number, accept: (key: string) => boolean) {
    const hits: { key: string; score: number }[] = [];
    for (const [key, vector] of this.#vectors) {
      if (accept(key)) hits.push({ key, score: cosine(query, vector) });
    }
    return hits.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).slice(0, depth);
  }

  #matched(key: string, terms: WeightedTerm[], shown: Map<string, string>): string[] {
    const doc = this.#lexical.termsOf(key);
    const own: string[] = [];
    const related: string[] = [];
    for (const { term, weight } of terms) {
      if (!doc.has(term)) continue;
      if (weight >= 1) own.push(shown.get(term) ?? term);
      else related.push(`${term}~`);
    }
    return [...own, ...related];
  }
}

/** The query's own words by their stem, to show "following" rather than "follow". */
function wordsByStem(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of tokenize(query)) if (!out.has(stem(word))) out.set(stem(word), word);
  return out;
}
