// The searchable index of one manifest and its suite: the lexical side (lib/search's BM25 with
// WordNet expansion), one vector per document (the local embedder: word vectors by default), and
// the hybrid ranking of lib/search/rank.ts, the task graph's own. With an embeddings endpoint
// (EMBEDDINGS_URL) each document has a second vector, the HTTP channel: its nearest documents join
// the candidates and its cosine is one more feature of the fitted re-ranker (search-embedders.ts).
// The vector sides are exact scans (a manifest holds thousands of documents at most, a few ms).
import { cosine, stem, tokenize, type WordVectors } from "../../../lib/embedding/index.js";
import {
  candidateDepth,
  type E2eSearchWeights,
  e2eMethodPriorPath,
  e2eRerankerPath,
  LexicalIndex,
  type LinearModel,
  leadingCollocations,
  linearScore,
  type MethodPrior,
  modelProbability,
  queryTerms,
  type RankWeights,
  rankCandidates,
  readE2eSearchWeights,
  readLinearModel,
  readMethodPrior,
  readVerbStems,
  SoftMatcher,
  type WeightedTerm,
  WordNetExpander,
} from "../../../lib/search/index.js";
import { ApiVocabulary } from "./api-vocabulary.js";
import { expandedHits, type PoolOptions } from "./candidate-pool.js";
import type { DocHead, DocumentRule } from "./documents.js";
import { type IntentLookup, type MethodIntent, methodIntent, nameIntent } from "./method-intent.js";
import {
  type Candidate,
  candidateFeatures,
  type FeatureName,
  type FeatureSet,
  featureNames,
  type QueryTermSets,
} from "./rank-features.js";

/** A document as the index (and its cache) holds it. */
export interface IndexedDocument {
  head: DocHead;
  terms: ReadonlyMap<string, number>;
  vector: Float32Array;
  /** The HTTP channel's vector (an embeddings endpoint), when the index has that channel. */
  channel?: Float32Array;
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

/** Parts of the query-side rule layer that an ablation can switch off (bench/e2e-search/ablate.ts). */
export type RuleName =
  | "vocabulary-groups"
  | `group:${string}`
  | `phrase:${string}`
  | "phrases"
  | "exists"
  | "collocations"
  | "intent"
  | DocumentRule;

export interface SearchIndexOptions {
  /** The re-ranker's model; read from lib/search's data file on first use when not given. */
  model?: LinearModel;
  /** The learned method prior the model's lm_* features read; lib/search's data file when not given. */
  methodPrior?: MethodPrior;
  /** The HTTP channel's embedder (EMBEDDINGS_URL); the documents must hold its vectors. */
  channel?: SearchEmbedder;
  /** Rules left out (measurement only). */
  off?: ReadonlySet<RuleName>;
  /**
   * The word-vector table soft matching reads, on first use: the base embedder's own when it is
   * the committed table's (search-embedders.ts), so a search reads the 5 MB file once; the
   * committed table, read on first use, when not given.
   */
  wordVectors?: () => WordVectors;
  /**
   * The query side's fitted weights (the API vocabulary's, min_score); lib/search's table
   * (`npm run fit:e2e-search-weights`) when not given. The field boosts were applied when the
   * documents' terms were made (build-index.ts) and the hybrid's shares come as `RankWeights`.
   */
  weights?: Pick<E2eSearchWeights, "vocabulary" | "hybrid">;
}

export interface CandidateFeatures {
  /** The features' names, in the rows' order. */
  names: readonly FeatureName[];
  heads: DocHead[];
  /** lib/search's hybrid score of each (the first stage; what min_score is held against). */
  hybrid: number[];
  features: number[][];
  intent: MethodIntent | undefined;
}

/** A query's first stage: its candidates over min_score, and what the features need. */
interface FirstStage {
  query: string;
  candidates: Candidate[];
  terms: QueryTermSets;
  intent: MethodIntent | undefined;
}

export interface SearchOptions {
  /** How many hits. @default 10 */
  limit?: number;
  /** Only this service's items. */
  service?: string;
  /** @default the fitted table's min_score (lib/search e2e-search-weights.ts) */
  minScore?: number;
}

export interface SearchHit extends DocHead {
  score: number;
  /** The query's words the item contains (a related word WordNet added is shown as `word~`). */
  matched: string[];
}

/** A prior that knows no word: every lm_* column 0 (features(): filled per fold by the benchmark). */
const NO_PRIOR: MethodPrior = { first: {}, all: {} };

export class SearchIndex {
  readonly #lexical = new LexicalIndex();
  readonly #heads = new Map<string, DocHead>();
  readonly #vectors = new Map<string, Float32Array>();
  readonly #channelVectors = new Map<string, Float32Array>();
  readonly #channel: QueryEmbedder | undefined;
  readonly #soft: SoftMatcher;
  /** Each path's named operation (nameIntent), computed on first need. */
  readonly #nameIntents = new Map<string, MethodIntent | undefined>();
  readonly #wordnet: WordNetExpander;
  readonly #vocabulary: ApiVocabulary;
  /** The stems of the endpoints' path segments: the API's resource names. */
  readonly #resources = new Set<string>();
  /** WordNet's verbs, read on first need: most queries start with a seed verb, a noun or a question word. */
  #verbs: Set<string> | undefined;
  readonly #intentLookup: IntentLookup = {
    synonyms: (s) => this.#wordnet.table.get(s)?.synonyms ?? [],
    group: (s) => (this.#off.has("vocabulary-groups") ? [] : this.#vocabulary.group(s)),
    isVerb: (s) => {
      this.#verbs ??= new Set(readVerbStems());
      return this.#verbs.has(s);
    },
    isResource: (s) => this.#resources.has(s),
  };

  #model: LinearModel | undefined;
  #methodPrior: MethodPrior | undefined;
  readonly #off: ReadonlySet<RuleName>;
  readonly #weights: Pick<E2eSearchWeights, "vocabulary" | "hybrid">;

  constructor(
    { documents, synonyms }: IndexContent,
    private readonly embedder: QueryEmbedder,
    private readonly weights: RankWeights,
    options: SearchIndexOptions = {},
  ) {
    this.#model = options.model;
    this.#methodPrior = options.methodPrior;
    this.#channel = options.channel;
    this.#off = options.off ?? new Set();
    this.#weights = options.weights ?? readE2eSearchWeights();
    this.#vocabulary = new ApiVocabulary(this.#off, this.#weights.vocabulary);
    this.#wordnet = new WordNetExpander(undefined, undefined, synonyms);
    this.#soft = new SoftMatcher(this.#lexical, {
      exactUnknown: true,
      ...(options.wordVectors ? { vectors: options.wordVectors } : {}),
    });
    for (const { head, terms, vector, channel } of documents) {
      this.#lexical.setTerms(head.key, head.kind, terms);
      this.#heads.set(head.key, head);
      this.#vectors.set(head.key, vector);
      if (this.#channel && !channel) throw new Error(`the index has no HTTP-channel vector for ${head.key}`);
      if (this.#channel && channel) this.#channelVectors.set(head.key, channel);
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
    const stage = await this.#firstStage(query, candidateDepth(limit), options);
    const ranked = this.#byModel(stage).sort((a, b) => b.order - a.order || (a.key < b.key ? -1 : 1));
    const shown = wordsByStem(query);
    return ranked.slice(0, limit).map(({ key, score }) => ({
      ...this.#heads.get(key)!,
      score: Math.round(score * 10_000) / 10_000,
      matched: this.#matched(key, stage.terms.all, shown),
    }));
  }

  /**
   * Each candidate's features (rank-features.ts featureNames: the shipped model's, or `set`'s) and
   * first-stage score, and the query's intent: for fitting the model and comparing rankings
   * (bench/e2e-search). The learned method prior's columns (lm_*) are 0 here: the committed
   * table saw the training apps, so a fit fills them per fold (bench/e2e-search/method-prior-folds.ts).
   */
  async features(
    query: string,
    limit = 10,
    set: FeatureSet = "shipped",
    pool: PoolOptions = {},
  ): Promise<CandidateFeatures> {
    const minScore = pool.minScore === undefined ? {} : { minScore: pool.minScore };
    const stage = await this.#firstStage(query, pool.depth ?? candidateDepth(limit), minScore, pool.expand);
    const names = featureNames(this.#channel !== undefined, set);
    return {
      names,
      heads: stage.candidates.map((c) => this.#heads.get(c.key)!),
      hybrid: stage.candidates.map((c) => c.hybrid),
      features: this.#featuresOf(stage, names, NO_PRIOR),
      intent: stage.intent,
    };
  }

  /** The candidates of lib/search's hybrid ranking over min_score, and the query's terms and intent. */
  async #firstStage(
    query: string,
    depth: number,
    options: SearchOptions,
    expand?: PoolOptions["expand"],
  ): Promise<FirstStage> {
    const accept = options.service
      ? (key: string) => this.#heads.get(key)?.service === options.service
      : () => true;
    // The WordNet collocation each clause starts with ("get rid of"): words and intent.
    const collocations = this.#off.has("collocations") ? [] : leadingCollocations(query, this.#wordnet.table);
    const terms = this.#terms(query, collocations);
    const lexicalHits = this.#lexical.search(terms.all, depth, { accept });
    if (expand)
      lexicalHits.push(
        ...expandedHits(this.#lexical, expand, terms.all, { depth, accept, have: lexicalHits }),
      );
    const [[queryVector], channelQuery] = await Promise.all([
      this.embedder.embed([query]),
      this.#channel?.embed([query]).then(([v]) => v),
    ]);
    const minScore = options.minScore ?? this.#weights.hybrid.minScore;
    const leading =
      (this.#off.has("phrases") ? undefined : this.#vocabulary.leadingWord(query)) ?? collocations[0];
    const intent = this.#off.has("intent")
      ? undefined
      : methodIntent(query, this.#intentLookup, leading, !this.#off.has("exists"));
    const ranked = rankCandidates({
      vectorHits: this.#vectorHits(queryVector!, depth, accept, [
        ...lexicalHits,
        ...(channelQuery ? nearest(this.#channelVectors, channelQuery, depth, accept) : []),
      ]),
      lexicalHits,
      terms: terms.all,
      ...this.weights,
      minScore,
      soft: this.#soft,
    });
    const candidates = ranked.map((r) => ({
      key: r.key,
      hybrid: r.score,
      cosine: r.cosine,
      soft: r.soft,
      ...(channelQuery ? { channel: cosine(channelQuery, this.#channelVectors.get(r.key)!) } : {}),
    }));
    return { query, candidates, terms, intent };
  }

  /** lib/search's fitted re-ranker: ordered by w·x, shown as its probability. */
  #byModel(stage: FirstStage) {
    const channel = this.#channel !== undefined;
    this.#model ??= readLinearModel(e2eRerankerPath(channel ? "http" : "words"), featureNames(channel));
    const model = this.#model;
    const features = this.#featuresOf(stage, model.features as FeatureName[]);
    return stage.candidates.map(({ key }, i) => ({
      key,
      order: linearScore(model, features[i]!),
      score: modelProbability(model, features[i]!),
    }));
  }

  #featuresOf(
    { query, candidates, terms, intent }: FirstStage,
    names: readonly FeatureName[],
    prior?: MethodPrior,
  ): number[][] {
    return candidateFeatures(
      {
        query,
        methodPrior: () => {
          if (prior) return prior;
          this.#methodPrior ??= readMethodPrior(e2eMethodPriorPath());
          return this.#methodPrior;
        },
        lexical: this.#lexical,
        heads: this.#heads,
        vectors: this.#vectors,
        terms,
        intent,
        names,
        nameIntent: (path) => {
          if (!this.#nameIntents.has(path)) this.#nameIntents.set(path, nameIntent(path, this.#intentLookup));
          return this.#nameIntents.get(path);
        },
      },
      candidates,
    );
  }

  /**
   * The query's own terms (a leading collocation's words as what it stands for) and the words its
   * phrases stand for; with WordNet's related words; with the API vocabulary's too.
   */
  #terms(query: string, leadingKeys: readonly (string | undefined)[]): QueryTermSets {
    // No item holds "get rid of": its synonyms stand in for it, as the API vocabulary's do.
    const collocations = this.#wordnet.collocationTerms(
      leadingKeys,
      this.#lexical,
      this.#weights.vocabulary.standsIn,
    );
    const own = queryTerms(query).filter((t) => !collocations.replaced.has(t.term));
    const seen = new Set(own.map((t) => t.term));
    const phraseTerms = this.#off.has("phrases") ? [] : this.#vocabulary.phraseTerms(query);
    const phrases = [...phraseTerms, ...collocations.terms].filter((t) => !seen.has(t.term));
    const ownAll = [...own, ...phrases];
    const wordnet = this.#wordnet.expand(ownAll, this.#lexical);
    const all = this.#off.has("vocabulary-groups")
      ? wordnet
      : this.#vocabulary.expand(wordnet, this.#lexical);
    return { own: ownAll, wordnet, all };
  }

  /** Plain BM25 over the same documents (no expansion, no vectors): the evaluation's baseline. */
  bm25(query: string, limit: number): DocHead[] {
    return this.#lexical.search(queryTerms(query), limit).map((hit) => this.#heads.get(hit.key)!);
  }

  /**
   * The `depth` documents closest to the query vector, and the other sides' candidates (lexical,
   * the HTTP channel's nearest) with their own cosine: the scan is exact, so such a candidate need
   * not count 0 on the vector side (the lower bound lib/search/rank.ts assumes for an approximate
   * index).
   */
  #vectorHits(
    query: Float32Array,
    depth: number,
    accept: (key: string) => boolean,
    others: readonly { key: string }[],
  ) {
    const hits = nearest(this.#vectors, query, depth, accept);
    const seen = new Set(hits.map((h) => h.key));
    for (const { key } of others)
      if (!seen.has(key)) {
        seen.add(key);
        hits.push({ key, score: cosine(query, this.#vectors.get(key)!) });
      }
    return hits;
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

/** The `depth` documents of `vectors` closest to the query vector (exact scan). */
function nearest(
  vectors: ReadonlyMap<string, Float32Array>,
  query: Float32Array,
  depth: number,
  accept: (key: string) => boolean,
) {
  const hits: { key: string; score: number }[] = [];
  for (const [key, vector] of vectors) if (accept(key)) hits.push({ key, score: cosine(query, vector) });
  return hits.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).slice(0, depth);
}

/** The query's own words by their stem, to show "following" rather than "follow". */
function wordsByStem(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of tokenize(query)) if (!out.has(stem(word))) out.set(stem(word), word);
  return out;
}
