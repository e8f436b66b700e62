// RAG search over everything indexed (issues and components now; code files and symbols later
// through indexDocument). Hybrid ranking, computed per candidate (lib/search/hybrid.ts):
//   score = w · max(0, cosine(query, item)) + (1 − w) · ((1 − s) · √lex(query, item) + s · soft(query, item))
// cosine from the VectorIndex (embedded exact or Redis), lex the normalised BM25 of
// lib/search/bm25.ts over the query and its expansions (lib/search: synonyms, corpus
// co-occurrence), soft the share of the query's words the item has or has a close word for
// (lib/search/soft-match.ts, pre-trained word vectors; s = 0 turns it off), all in [0, 1].
// With a fitted fusion (fusion.ts; app.ts with the word-vector embedder) what is found is as
// above, and it is ordered by the fusion's score: fitted weights, scaled per query by how much of
// it the word vectors can read.
// Candidates are the union of the top max(4·limit, 50) of each
// side; a lexical candidate outside the vector top list counts cosine 0 (a lower bound).
// Results under `minScore` (default 0.15, SPEC §2) are dropped, so a query with no meaningful
// match finds nothing. An item's own id as the query finds it first (score 1). Ties break by
// type:id. Only documents indexed through this service are returned.
// When the vector side (index or embedder) is unavailable, the answer comes from the lexical
// index alone (score = lex) and says so with `degraded: true`.
// The lexical side lives in memory: the service calls indexIssue/indexComponent for every
// stored record at start-up (indexAll), as the embedded vector index is in memory too.
// The in-memory side is updated first and always: when the vector index (or the embedder) fails,
// the document is remembered as missing there, and syncVectors() puts it back once the backend
// answers again (VectorSync calls it; see vector-sync.ts).
import { ShardedMap, ShardedSet } from "../../../../../lib/collections/index.js";
import { cosineOf } from "../../../../../lib/embedding/index.js";
import {
  candidateDepth,
  type LexicalHit,
  LexicalIndex,
  type LexicalSearchOptions,
  MIN_SCORE,
  ownTerms,
  type QueryExpander,
  queryTerms,
  type RankedHit,
  rankCandidates,
  SoftMatcher,
  VECTOR_WEIGHT,
  type WeightedTerm,
} from "../../../../../lib/search/index.js";
import type { Embedder } from "../../ports/embedder.js";
import type { ComponentRecord, IssueRecord } from "../../ports/graph-store.js";
import type { VectorHit, VectorIndex } from "../../ports/vector-index.js";
import {
  type CodeLocation,
  componentDocument,
  documentKey,
  issueDocument,
  type SearchDocument,
} from "./documents.js";
import { IssueFacets, type IssueFacts } from "./facets.js";
import { type FusionWeights, meaningShare, orderByFusion, scaleExpansions } from "./fusion.js";
import type { SearchIndexCache } from "./index-cache.js";
import { IssueFieldIndex } from "./issue-fields.js";
import { literalScores } from "./issue-literal.js";
import { type HybridHit, type IssueReranker, issueFeatureVector, rerankIssues } from "./issue-reranker.js";
import { PIECE_CHARS, slicedTerms } from "./sliced-terms.js";
import { makeSnippet } from "./snippet.js";
import { TimeSlicer } from "./time-slicer.js";

export { MEANING_WEIGHTS, MIN_SCORE } from "../../../../../lib/search/index.js";
export type { SearchDocument } from "./documents.js";
export type { IssueFacts } from "./facets.js";
export { FITTED_SEARCH, type FusionWeights } from "./fusion.js";

/** How many documents are embedded and written to the vector index at once. */
interface BatchLimit {
  docs: number;
  /** Characters of their embedText. */
  chars: number;
}

/**
 * Code documents per vector batch: a batch is embedded in one task, so it stays well under 50 ms
 * of the local embedder even on a loaded machine (100,000 characters took 130 ms there; a file's
 * embedText holds every symbol name: a .d.ts can have thousands). Issues keep 256 a batch: one
 * Redis pipeline each.
 */
const CODE_BATCH: BatchLimit = { docs: 16, chars: 20_000 };
/** Documents per batch when the vector index is brought back in step (a round trip each on Redis). */
const SYNC_BATCH = 64;
const ISSUE_BATCH = (docs: number): BatchLimit => ({ docs, chars: Number.POSITIVE_INFINITY });

export interface SearchServiceOptions {
  /** Default of a request's `minScore`. @default 0.15 */
  minScore?: number;
  /** Adds related terms (synonyms, co-occurring words) to the lexical query. @default none */
  expanders?: QueryExpander[];
  /** False ranks by the lexical side alone (benchmark ablation). @default true */
  useVectors?: boolean;
  /** Share of the cosine in the hybrid score; the word sides get the rest. @default VECTOR_WEIGHT */
  vectorWeight?: number;
  /** Share of soft matching by word vectors within the word sides; 0 leaves it out. @default 0 */
  softWeight?: number;
  /**
   * Soft matching counts a query word the word vectors do not know ("ECDSA", "uuid1") by exact
   * match instead of leaving it out of the query (lib/search SoftMatcher exactUnknown). @default false
   */
  exactUnknown?: boolean;
  /**
   * Orders what the hybrid score finds by these fitted weights (fusion.ts); the found set and the
   * scores shown stay the hybrid's. @default none (hybrid order)
   */
  fusion?: FusionWeights;
  /** Terms and vectors kept from an earlier run (index-cache.ts): start-up reuses what still matches. */
  cache?: SearchIndexCache;
  /**
   * Re-orders issues by a fitted model over the hybrid parts, fields and literal BM25
   * (issue-reranker.ts; app.ts reads the committed one with the word-vector embedder). @default none
   */
  issueReranker?: IssueReranker;
  /** Keeps the per-field issue index without a re-ranker (its fit reads issueFeatureRows). @default false */
  issueFields?: boolean;
}

export interface SearchRequest {
  query: string;
  /** 1..100. @default 10 */
  limit?: number;
  /** Only these item types, e.g. ["issue"]. */
  types?: string[];
  /** Only issues with one of these statuses (items without a status are left out). */
  status?: string[];
  /** Results scoring below this are left out. @default the service's minScore */
  minScore?: number;
  /** false: every snippet is "" (a caller that shows only titles skips cutting them). @default true */
  snippets?: boolean;
}

export interface SearchResult {
  type: string;
  id: string;
  title: string;
  snippet: string;
  score: number;
  /** Issues only. */
  status?: string;
  /** Code files and symbols only. */
  repo?: string;
  path?: string;
  line?: number;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** True when the vector side was unavailable and the lexical index answered alone. */
  degraded: boolean;
}

interface Stored {
  type: string;
  id: string;
  title: string;
  text: string;
  embedText: string;
  status?: string;
  location?: CodeLocation;
  /** Its key in the index cache. */
  fingerprint?: string;
  /** Issues only: the component whose name the issue re-ranker's component field reads. */
  componentId?: string;
}

/** What syncVectors() did. */
export interface VectorSyncResult {
  /** Documents embedded and written to the vector index. */
  upserted: number;
  /** Deleted documents removed from it. */
  removed: number;
  /** True when the whole index was rebuilt (it held fewer items than this service knows). */
  full: boolean;
}

export class SearchService {
  readonly #lexical = new LexicalIndex();
  readonly #docs = new ShardedMap<Stored>();
  readonly #facets = new IssueFacets();
  /** Only with a re-ranker or for its fit: no cost on issue writes otherwise. */
  readonly #issueFields: IssueFieldIndex | undefined;
  readonly #issueModel: IssueReranker | undefined;
  readonly #types = new Set<string>();
  /** Keys whose vector is missing or stale in the vector index. */
  readonly #unsynced = new ShardedSet();
  /** Keys deleted here whose removal from the vector index failed. */
  readonly #unremoved = new ShardedSet();

  readonly #minScore: number;
  readonly #expanders: QueryExpander[];
  readonly #useVectors: boolean;
  readonly #vectorWeight: number;
  readonly #softWeight: number;
  readonly #fusion: FusionWeights | undefined;
  readonly #soft: SoftMatcher;
  #cache: SearchIndexCache | undefined;
  /** The start-up build running after listening (buildInBackground); every entry point waits for it. */
  #building: Promise<void> | null = null;
  /** indexDocuments() calls in progress: their documents are not yet in the vector index, on purpose. */
  #indexing = 0;
  /** When a document was last indexed or removed (performance.now()). */
  #changedAt = 0;

  constructor(
    private readonly vectors: VectorIndex,
    private readonly embedder: Embedder,
    options: SearchServiceOptions = {},
  ) {
    this.#minScore = options.minScore ?? MIN_SCORE;
    this.#expanders = options.expanders ?? [];
    this.#useVectors = options.useVectors ?? true;
    this.#vectorWeight = options.vectorWeight ?? VECTOR_WEIGHT;
    this.#softWeight = options.softWeight ?? 0;
    this.#fusion = options.fusion;
    this.#soft = new SoftMatcher(this.#lexical, { exactUnknown: options.exactUnknown ?? false });
    this.#cache = options.cache;
    this.#issueModel = options.issueReranker;
    if (options.issueReranker || options.issueFields) this.#issueFields = new IssueFieldIndex();
  }

  indexIssue(issue: IssueRecord): Promise<void> {
    return this.indexDocument(issueDocument(issue));
  }

  indexComponent(component: ComponentRecord): Promise<void> {
    return this.indexDocument(componentDocument(component));
  }

  /**
   * Runs the start-up build (open the cache, index every record) without holding up listening.
   * Until it ends, every async entry point waits for it, so answers are never from a half-built
   * index and a write indexed meanwhile lands after the build's older copy of it; callers of the
   * synchronous readers await ready() first. /health shows the vectors as resyncing meanwhile.
   */
  buildInBackground(work: () => Promise<void>): Promise<void> {
    const building = work().finally(() => {
      if (this.#building === building) this.#building = null;
    });
    this.#building = building;
    return building;
  }

  /** Resolves once the start-up build (if any) is over, failed or not. */
  async ready(): Promise<void> {
    while (this.#building) await this.#building.catch(() => {});
  }

  /** Terms and vectors of an earlier run (index-cache.ts); set before anything is indexed. */
  useCache(cache: SearchIndexCache): void {
    if (this.#docs.size > 0) throw new Error("the index cache must be set before indexing");
    this.#cache = cache;
  }

  async indexDocument(doc: SearchDocument): Promise<void> {
    await this.ready();
    const key = this.#remember(doc);
    await this.#upsertVectors([key]);
  }

  /**
   * Indexes many records with batched embedding (start-up, re-index). With `vectors: false` only
   * the in-memory side is filled and every vector is left for syncVectors() (the vector index is
   * not reachable yet).
   */
  async indexAll(
    issues: IssueRecord[],
    components: ComponentRecord[],
    { batchSize = 256, vectors = true }: { batchSize?: number; vectors?: boolean } = {},
  ): Promise<void> {
    // Not gated on ready(): it is what the start-up build runs.
    const docs = [...issues.map(issueDocument), ...components.map(componentDocument)];
    const keys: string[] = [];
    // A build in the background leaves the event loop to requests between slices.
    const slicer = new TimeSlicer();
    for (const doc of docs) {
      keys.push(this.#remember(doc));
      await slicer.pause();
    }
    if (!vectors) return;
    await this.vectors.reserve?.(keys.length);
    await this.#upsertVectors(keys, ISSUE_BATCH(batchSize), slicer);
  }

  /**
   * Indexes many documents (code files and symbols) with batched embedding, in slices of the event
   * loop (time-slicer.ts): a long file is tokenised piece by piece. Searches meanwhile see the
   * documents indexed so far.
   */
  async indexDocuments(docs: SearchDocument[]): Promise<void> {
    await this.ready();
    this.#indexing++;
    try {
      const slicer = new TimeSlicer();
      const keys: string[] = [];
      for (const doc of docs) {
        keys.push(await this.#rememberSliced(doc, slicer));
        await slicer.pause();
      }
      await this.#upsertVectors(keys, CODE_BATCH, slicer);
    } finally {
      this.#indexing--;
    }
  }

  async remove(type: string, id: string): Promise<void> {
    await this.ready();
    await this.#removeOne(type, id);
  }

  /** Removes many documents (a code change, a repository), in slices of the event loop. */
  async removeMany(items: { type: string; id: string }[]): Promise<void> {
    await this.ready();
    const slicer = new TimeSlicer();
    for (const { type, id } of items) {
      await this.#removeOne(type, id);
      await slicer.pause();
    }
  }

  async #removeOne(type: string, id: string): Promise<void> {
    const key = documentKey(type, id);
    this.#forgetCached(this.#docs.get(key));
    this.#lexical.delete(key);
    if (type === "issue") this.#facets.delete(id);
    this.#issueFields?.delete(key);
    this.#docs.delete(key);
    this.#changedAt = performance.now();
    this.#unsynced.delete(key);
    this.#unremoved.add(key);
    await this.vectors.remove(key);
    this.#unremoved.delete(key);
  }

  /** Writes the index cache (terms and vectors of the documents indexed now); the count written. */
  async saveCache(): Promise<number> {
    await this.ready();
    if (!this.#cache) return 0;
    const live: string[] = [];
    const slicer = new TimeSlicer();
    for (const doc of this.#docs.values()) {
      if (doc.fingerprint) live.push(doc.fingerprint);
      await slicer.pause();
    }
    return this.#cache.save(live);
  }

  /** How long no document has been indexed or removed (ms); 0 while indexing. */
  get quietForMs(): number {
    if (this.#building !== null || this.#indexing > 0) return 0;
    return performance.now() - this.#changedAt;
  }

  /** True when some document is missing from, or deleted but still in, the vector index. */
  get vectorsBehind(): boolean {
    return this.#building !== null || this.#unsynced.size > 0 || this.#unremoved.size > 0;
  }

  /**
   * Brings the vector index up to date with what this service knows: every document again when the
   * index holds fewer items than it should (a restarted Redis without persistence), else just the
   * ones a failed write left behind. Throws, leaving the rest behind, when the backend fails again.
   */
  async syncVectors(batchSize = 256): Promise<VectorSyncResult> {
    await this.ready();
    // While documents are being indexed, their vectors are on their way: a sync now would embed
    // them a second time, beside the indexing (at 20,000 code files, a second upload's worth of
    // work on the event loop). The next check, after it, sees what a failed write left behind.
    if (this.#indexing > 0) return { upserted: 0, removed: 0, full: false };
    // Items that should be in the index; fewer there means it lost some we did not see fail.
    const expected = this.#docs.size - this.#unsynced.size;
    const full = (await this.vectors.size()) < expected;
    if (full) for (const key of this.#docs.keys()) this.#unsynced.add(key);
    let removed = 0;
    for (const key of [...this.#unremoved]) {
      await this.vectors.remove(key);
      this.#unremoved.delete(key);
      removed++;
    }
    const upserted = this.#unsynced.size;
    // Code documents among them: a batch is bounded by characters too (a .d.ts file's embedText
    // holds thousands of names), and by code's batch size: the loop turns between batches only,
    // and 256 symbols embedded and written in one go were a task of 50-70 ms (issue 25 point 5).
    const limit = { docs: Math.min(batchSize, SYNC_BATCH), chars: CODE_BATCH.chars };
    await this.#upsertVectors([...this.#unsynced], limit, new TimeSlicer());
    return { upserted, removed, full };
  }

  /** The ranked results; see answer() for whether the vector side took part. */
  async search(request: SearchRequest): Promise<SearchResult[]> {
    return (await this.answer(request)).results;
  }

  async answer(request: SearchRequest): Promise<SearchAnswer> {
    await this.ready();
    const query = request.query.trim();
    const limit = request.limit ?? 10;
    if (query.length === 0) throw new RangeError("query must not be blank");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new RangeError(`limit must be an integer 1..100, got ${limit}`);
    }
    const hybrid = await this.#hybrid(query, limit, request, this.#issueModel !== undefined);
    if (!hybrid) return { results: [], degraded: false };
    const { byId, degraded, terms } = hybrid;
    const ranked: { key: string; score: number }[] = this.#issueModel
      ? rerankIssues(hybrid.ranked, this.#issueFieldScores(terms, hybrid.ranked), this.#issueModel)
      : hybrid.ranked;
    if (byId) ranked.unshift({ key: byId, score: 1 });
    const results = ranked.slice(0, limit).map(({ key, score }) => {
      const doc = this.#docs.get(key)!;
      return {
        type: doc.type,
        id: doc.id,
        title: doc.title,
        snippet: request.snippets === false ? "" : makeSnippet(doc.text || doc.title, query),
        score: Math.round(score * 10_000) / 10_000,
        ...(doc.status !== undefined ? { status: doc.status } : {}),
        ...doc.location,
      };
    });
    // Vectors still being written (start-up resync, catching up after an outage) count as degraded too.
    return { results, degraded: degraded || this.vectorsBehind };
  }

  /**
   * The hybrid ranking of a request's candidates (lib/search rankCandidates), the id match apart;
   * null when no type is asked for. `literal`: plain BM25's top list (the user's own words, no
   * expansion) joins the candidates, for the issue re-ranker, whose literal features it ranks by.
   */
  async #hybrid(query: string, limit: number, request: SearchRequest, literal = false) {
    const minScore = request.minScore ?? this.#minScore;
    const types = request.types;
    if (types?.length === 0) return null;
    const statuses = request.status ? new Set(request.status.map((s) => s.toUpperCase())) : null;
    const accept = (key: string) => {
      const doc = this.#docs.get(key);
      return !!doc && (!types || types.includes(doc.type)) && (!statuses || statuses.has(doc.status ?? ""));
    };
    const depth = candidateDepth(limit);
    const byId = this.#idLookup(query, accept);
    const terms = this.#queryTerms(query);
    // The lexical index holds exactly the documents stored here and filters by type itself, so only
    // a status filter needs a look-up per document (files and symbols share the index with issues:
    // a look-up for each of their postings was a third of a search over a large repository).
    const filters = { ...(statuses ? { accept } : {}), ...(types ? { types } : {}) };
    const lexicalHits = this.#lexical.search(terms, depth, filters);
    if (literal) lexicalHits.push(...this.#literalOnly(terms, depth, filters, lexicalHits));
    let vectorHits: { key: string; score: number }[] = [];
    let degraded = false;
    if (this.#useVectors) {
      try {
        const [vector] = await this.embedder.embed([query]);
        // Only documents this service indexed: a persistent vector store (Redis) may still hold
        // items deleted while it was unreachable.
        vectorHits = (await this.#vectorSearch(vector!, depth, types, statuses !== null)).filter((hit) =>
          accept(hit.key),
        );
        if (literal) vectorHits.push(...(await this.#exactCosines(vector!, vectorHits, lexicalHits)));
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        degraded = true;
      }
    }
    const vectorWeight = this.#useVectors && !degraded ? this.#vectorWeight : 0;
    const ranked = rankCandidates({
      vectorHits,
      lexicalHits,
      terms,
      vectorWeight,
      softWeight: this.#softWeight,
      minScore,
      soft: this.#soft,
    }).filter((r) => r.key !== byId);
    if (!this.#fusion || degraded) return { ranked, byId, degraded, terms };
    return { ranked: this.#fused(query, terms, ranked, this.#fusion), byId, degraded, terms };
  }

  /**
   * The found hits in the fitted fusion's order (fusion.ts), each place keeping its hybrid score so
   * scores still fall down the list. Its lexical side: BM25 of the query with the expansions
   * scaled, over the found hits only.
   */
  #fused(query: string, terms: WeightedTerm[], hits: RankedHit[], weights: FusionWeights): RankedHit[] {
    const share = meaningShare(this.#soft.unknownShare(queryTerms(query)), weights.meaningGate);
    const found = new Set(hits.map((h) => h.key));
    const scaled = scaleExpansions(terms, weights.expansionWeight * share);
    return orderByFusion(hits, this.#lexical.scoresOf(scaled, found), weights, share);
  }

  /**
   * Plain BM25's top hits (own words only) missing from the expanded search's: their score there
   * is a lower bound of the expanded one (expansions only add), so the hybrid score stays one.
   */
  #literalOnly(terms: WeightedTerm[], depth: number, filters: LexicalSearchOptions, have: LexicalHit[]) {
    const seen = new Set(have.map((h) => h.key));
    const own = ownTerms(terms);
    return this.#lexical.search(own, depth, filters).filter((h) => !seen.has(h.key));
  }

  /**
   * The cosine of each lexical candidate outside the vector top list, for the issue re-ranker: the
   * lower bound 0 of the hybrid ranking was the rule there for the literal match on a large corpus
   * (CPython's 7,462 issues). Vectors from the index cache where it has them, else embedded.
   */
  async #exactCosines(query: Float32Array, have: readonly { key: string }[], lexical: readonly LexicalHit[]) {
    const seen = new Set(have.map((h) => h.key));
    const keys = lexical.flatMap((h) => (seen.has(h.key) ? [] : [h.key]));
    const vectors = await this.#vectorsOf(keys.map((k) => this.#docs.get(k)!));
    return keys.map((key, i) => ({ key, score: cosineOf(query, vectors[i]!) }));
  }

  /** The re-ranker's field and literal scores (issue-fields.ts, issue-literal.ts) of the issues among these hits. */
  #issueFieldScores(terms: WeightedTerm[], hits: readonly HybridHit[]): Map<string, number[]> {
    const issues = hits.flatMap((h) => (this.#docs.get(h.key)?.type === "issue" ? [h.key] : []));
    if (!this.#issueFields) throw new Error("issue fields are kept only with issueReranker or issueFields");
    // The user's own words: the expansions are in the hybrid parts already.
    const own = ownTerms(terms);
    const fields = this.#issueFields.fieldScores(own, issues, (key) => this.#componentName(key));
    const literal = literalScores(this.#lexical, own, issues, this.#soft.unknownShare(own));
    for (const [key, scores] of fields) scores.push(...literal.get(key)!);
    return fields;
  }

  /** The issue re-ranker's features (issue-reranker.ts) of a request's issue candidates, hybrid order: what its fit reads. */
  async issueFeatureRows(request: SearchRequest): Promise<{ id: string; features: number[] }[]> {
    await this.ready();
    const hybrid = await this.#hybrid(request.query.trim(), request.limit ?? 10, request, true);
    if (!hybrid) return [];
    const fields = this.#issueFieldScores(hybrid.terms, hybrid.ranked);
    return hybrid.ranked.flatMap((h) =>
      fields.has(h.key)
        ? [{ id: this.#docs.get(h.key)!.id, features: issueFeatureVector(h, fields.get(h.key)!) }]
        : [],
    );
  }

  /** An issue's component name for its field (the id when that component is not indexed here). */
  #componentName(issueKey: string): string {
    const id = this.#docs.get(issueKey)?.componentId;
    return id ? (this.#docs.get(documentKey("component", id))?.title ?? id) : "";
  }

  /**
   * The vector side alone: cosine similarity of the query to the best `limit` documents of these
   * types (agent context's semantic signal). Empty when the vector index or embedder is down.
   */
  async vectorHits(query: string, limit: number, types: string[]): Promise<VectorHit[]> {
    await this.ready();
    if (!this.#useVectors) return [];
    try {
      const [vector] = await this.embedder.embed([query]);
      const hits = await this.#vectorSearch(vector!, limit, types, false);
      return hits.filter((h) => this.#docs.has(h.key));
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return [];
    }
  }

  /**
   * Best `limit` documents by BM25 over the query and (unless `expand` is false) its expansions;
   * no vectors involved. `typeStatistics`: see LexicalSearchOptions.
   */
  lexicalSearch(
    query: string,
    limit: number,
    { expand = true, ...options }: LexicalSearchOptions & { expand?: boolean } = {},
  ): LexicalHit[] {
    return this.#lexical.search(expand ? this.#queryTerms(query) : queryTerms(query), limit, options);
  }

  /** The query's own terms (weight 1) and their expansions. */
  #queryTerms(query: string): WeightedTerm[] {
    let terms = queryTerms(query);
    for (const expander of this.#expanders) terms = expander.expand(terms, this.#lexical);
    return terms;
  }

  /** Ids of the issues of a component (maintained on every write). */
  issuesOfComponent(componentId: string): ReadonlySet<string> {
    return this.#facets.ofComponent(componentId);
  }

  /** The component's issue ids, most recently changed first (ties: smaller id first). */
  issuesOfComponentByRecency(componentId: string): readonly string[] {
    return this.#facets.ofComponentByRecency(componentId);
  }

  /** Ids of the issues carrying `label` (case-insensitive), most recently changed first. */
  issuesWithLabelByRecency(label: string): readonly string[] {
    return this.#facets.withLabelByRecency(label);
  }

  /** What root-cause signals read of an indexed issue (kept on every write), without reading the record. */
  issueFacts(id: string): IssueFacts | undefined {
    return this.#facets.factsOf(id);
  }

  /** Ids of the issues carrying any of these labels (case-insensitive). */
  issuesWithAnyLabel(labels: string[]): Set<string> {
    return this.#facets.withAnyLabel(labels);
  }

  /** The key of the document whose id is the whole query, if one passes the filters. */
  #idLookup(query: string, accept: (key: string) => boolean): string | undefined {
    for (const type of this.#types) {
      const key = documentKey(type, query);
      if (accept(key)) return key;
    }
    return undefined;
  }

  async #vectorSearch(vector: Float32Array, depth: number, types: string[] | undefined, filtered: boolean) {
    // A status filter is applied after the vector search: look deeper so it still fills `limit`.
    return this.vectors.search({
      vector,
      limit: filtered ? depth * 4 : depth,
      ...(types ? { types } : {}),
    });
  }

  /** #remember, with a long document's terms computed piece by piece first (sliced-terms.ts). */
  async #rememberSliced(doc: SearchDocument, slicer: TimeSlicer): Promise<string> {
    const fingerprint = this.#cache?.fingerprint(doc);
    let length = 0;
    for (const [text] of doc.fields) length += text.length;
    const tokenise = length > PIECE_CHARS && !(fingerprint && this.#cache!.get(fingerprint));
    if (!tokenise) return this.#remember(doc, { fingerprint, terms: undefined });
    const terms = await slicedTerms(doc.fields, slicer);
    // Its postings go in parts too; a delete or a newer write of it meanwhile wins.
    const key = documentKey(doc.type, doc.id);
    const whole = await this.#lexical.setTermsInParts(key, doc.type, terms, () => slicer.pause());
    return whole ? this.#remember(doc, { fingerprint, terms, indexed: true }) : key;
  }

  /**
   * The in-memory side (lexical index and stored text), marked as missing from the vectors.
   * `prepared`: the document's fingerprint and, when computed beforehand, its terms.
   */
  #remember(
    doc: SearchDocument,
    prepared?: {
      fingerprint: string | undefined;
      terms: ReadonlyMap<string, number> | undefined;
      /** The lexical side is set already (setTermsInParts). */
      indexed?: boolean;
    },
  ): string {
    const key = documentKey(doc.type, doc.id);
    this.#changedAt = performance.now();
    const { type, id, title, text, embedText, status, location } = doc;
    const fingerprint = prepared ? prepared.fingerprint : this.#cache?.fingerprint(doc);
    const cached = fingerprint ? this.#cache!.get(fingerprint) : undefined;
    if (!prepared?.indexed) {
      if (cached) this.#lexical.setTerms(key, type, cached.terms);
      else if (prepared?.terms) this.#lexical.setTerms(key, type, prepared.terms, "shared");
      else this.#lexical.set(key, type, doc.fields);
    }
    const previous = this.#docs.get(key);
    if (previous?.fingerprint !== fingerprint) this.#forgetCached(previous);
    if (fingerprint && !cached)
      this.#cache!.put(fingerprint, { terms: this.#lexical.termsOf(key), vector: null });
    this.#docs.set(key, {
      type,
      id,
      title,
      text,
      embedText,
      ...(status !== undefined ? { status } : {}),
      ...(location ? { location } : {}),
      ...(fingerprint ? { fingerprint } : {}),
      ...(doc.component_id ? { componentId: doc.component_id } : {}),
    });
    this.#types.add(type);
    if (type === "issue") {
      this.#facets.set(id, doc.component_id ?? null, doc.labels ?? [], doc.changedMs ?? 0);
      this.#issueFields?.set(key, {
        title,
        description: text,
        labels: doc.labels ?? [],
      });
    }
    this.#unremoved.delete(key);
    this.#unsynced.add(key);
    return key;
  }

  /**
   * Embeds (or takes from the cache) and writes these documents' vectors in batches, one pipeline
   * per batch where the index has one; each one written is marked in sync.
   */
  async #upsertVectors(keys: string[], limit = ISSUE_BATCH(256), slicer?: TimeSlicer): Promise<void> {
    for (let i = 0; i < keys.length; ) {
      if (i > 0) await slicer?.pause();
      const batch: { key: string; doc: Stored }[] = [];
      for (let chars = 0; i < keys.length && batch.length < limit.docs && chars < limit.chars; i++) {
        const doc = this.#docs.get(keys[i]!);
        if (doc) batch.push({ key: keys[i]!, doc });
        chars += doc?.embedText.length ?? 0;
      }
      if (!batch.length) continue;
      const vectors = await this.#vectorsOf(batch.map((b) => b.doc));
      // The document may have changed while its vector was computed: then that write syncs it.
      const current = batch.flatMap((b, j) =>
        this.#docs.get(b.key) === b.doc ? [{ ...b, vector: vectors[j]! }] : [],
      );
      const items = current.map(({ key, doc: { type, id, title, text }, vector }) => ({
        key,
        type,
        id,
        title,
        text,
        vector,
      }));
      if (this.vectors.upsertMany) await this.vectors.upsertMany(items);
      else for (const item of items) await this.vectors.upsert(item);
      for (const { key, doc } of current) if (this.#docs.get(key) === doc) this.#unsynced.delete(key);
    }
  }

  /** The vectors of these documents: from the cache where it has them, else embedded (and cached). */
  async #vectorsOf(docs: Stored[]): Promise<Float32Array[]> {
    const out: (Float32Array | undefined)[] = docs.map((d) =>
      d.fingerprint ? (this.#cache?.get(d.fingerprint)?.vector ?? undefined) : undefined,
    );
    const missing = docs.flatMap((_, j) => (out[j] ? [] : [j]));
    if (missing.length === 0) return out as Float32Array[];
    const embedded = await this.embedder.embed(missing.map((j) => docs[j]!.embedText));
    for (const [k, j] of missing.entries()) {
      out[j] = embedded[k]!;
      const fp = docs[j]!.fingerprint;
      const entry = fp ? this.#cache?.get(fp) : undefined;
      if (fp && entry) this.#cache!.put(fp, { terms: entry.terms, vector: embedded[k]! });
    }
    return out as Float32Array[];
  }

  /** Drops a replaced or removed document's cache entry, so the cache does not grow with edits. */
  #forgetCached(doc: Stored | undefined): void {
    if (doc?.fingerprint) this.#cache?.delete(doc.fingerprint);
  }
}

/** An adapter's BackendUnavailableError, or the one the deadline guard turns failures into. */
function isUnavailable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "BACKEND_UNAVAILABLE";
}
