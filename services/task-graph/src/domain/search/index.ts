// RAG search over everything indexed (issues and components now; code files and symbols later
// through indexDocument). Hybrid ranking, computed per candidate:
//   score = 0.6 · max(0, cosine(query, item)) + 0.4 · lex(query, item)
// cosine from the VectorIndex (embedded exact or Redis), lex the normalised BM25 of
// lexical-index.ts (both in [0, 1]). Candidates are the union of the top max(4·limit, 50) of
// each side; a lexical candidate outside the vector top list counts cosine 0 (a lower bound).
// Results under MIN_SCORE are dropped: 0.05 is the hashing embedder's noise floor (unrelated short
// texts have |cosine| ≈ 1/√512 ≈ 0.045, i.e. a score ≈ 0.03), so a hit needs a shared term or a
// real similarity. Ties break by type:id. Only documents indexed through this service are returned.
// The lexical side lives in memory: the service calls indexIssue/indexComponent for every
// stored record at start-up (indexAll), as the embedded vector index is in memory too.
// The in-memory side is updated first and always: when the vector index (or the embedder) fails,
// the document is remembered as missing there, and syncVectors() puts it back once the backend
// answers again (VectorSync calls it; see vector-sync.ts).
import type { Embedder } from "../../ports/embedder.js";
import type { ComponentRecord, IssueRecord } from "../../ports/graph-store.js";
import type { VectorIndex } from "../../ports/vector-index.js";
import { componentDocument, documentKey, issueDocument, type SearchDocument } from "./documents.js";
import { LexicalIndex } from "./lexical-index.js";
import { makeSnippet } from "./snippet.js";

export { componentDocument, issueDocument, type SearchDocument } from "./documents.js";

export const VECTOR_WEIGHT = 0.6;
export const LEXICAL_WEIGHT = 0.4;
const MIN_CANDIDATES = 50;
export const MIN_SCORE = 0.05;

export interface SearchServiceOptions {
  /** Results scoring below this are left out. @default 0.05 */
  minScore?: number;
}

export interface SearchRequest {
  query: string;
  /** 1..100. @default 10 */
  limit?: number;
  /** Only these item types, e.g. ["issue"]. */
  types?: string[];
}

export interface SearchResult {
  type: string;
  id: string;
  title: string;
  snippet: string;
  score: number;
}

interface Stored {
  type: string;
  id: string;
  title: string;
  text: string;
  embedText: string;
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
  readonly #docs = new Map<string, Stored>();
  /** Keys whose vector is missing or stale in the vector index. */
  readonly #unsynced = new Set<string>();
  /** Keys deleted here whose removal from the vector index failed. */
  readonly #unremoved = new Set<string>();

  readonly #minScore: number;

  constructor(
    private readonly vectors: VectorIndex,
    private readonly embedder: Embedder,
    options: SearchServiceOptions = {},
  ) {
    this.#minScore = options.minScore ?? MIN_SCORE;
  }

  indexIssue(issue: IssueRecord): Promise<void> {
    return this.indexDocument(issueDocument(issue));
  }

  indexComponent(component: ComponentRecord): Promise<void> {
    return this.indexDocument(componentDocument(component));
  }

  async indexDocument(doc: SearchDocument): Promise<void> {
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
    const docs = [...issues.map(issueDocument), ...components.map(componentDocument)];
    const keys = docs.map((doc) => this.#remember(doc));
    if (vectors) await this.#upsertVectors(keys, batchSize);
  }

  async remove(type: string, id: string): Promise<void> {
    const key = documentKey(type, id);
    this.#lexical.delete(key);
    this.#docs.delete(key);
    this.#unsynced.delete(key);
    this.#unremoved.add(key);
    await this.vectors.remove(key);
    this.#unremoved.delete(key);
  }

  /** True when some document is missing from, or deleted but still in, the vector index. */
  get vectorsBehind(): boolean {
    return this.#unsynced.size > 0 || this.#unremoved.size > 0;
  }

  /**
   * Brings the vector index up to date with what this service knows: every document again when the
   * index holds fewer items than it should (a restarted Redis without persistence), else just the
   * ones a failed write left behind. Throws, leaving the rest behind, when the backend fails again.
   */
  async syncVectors(batchSize = 256): Promise<VectorSyncResult> {
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
    await this.#upsertVectors([...this.#unsynced], batchSize);
    return { upserted, removed, full };
  }

  async search(request: SearchRequest): Promise<SearchResult[]> {
    const query = request.query.trim();
    const limit = request.limit ?? 10;
    if (query.length === 0) throw new RangeError("query must not be blank");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new RangeError(`limit must be an integer 1..100, got ${limit}`);
    }
    const types = request.types;
    if (types?.length === 0) return [];
    const depth = Math.max(limit * 4, MIN_CANDIDATES);
    const [vector] = await this.embedder.embed([query]);
    const vectorHits = await this.vectors.search({
      vector: vector!,
      limit: depth,
      ...(types ? { types } : {}),
    });
    const lexicalHits = this.#lexical.search(query, depth, types);

    const candidates = new Map<string, Stored & { cosine: number; lex: number }>();
    for (const hit of vectorHits) {
      // Only documents this service indexed: a persistent vector store (Redis) may still hold
      // items deleted while it was unreachable.
      const stored = this.#docs.get(hit.key);
      if (stored) candidates.set(hit.key, { ...stored, cosine: hit.score, lex: 0 });
    }
    for (const hit of lexicalHits) {
      const existing = candidates.get(hit.key);
      if (existing) existing.lex = hit.score;
      else {
        const stored = this.#docs.get(hit.key);
        if (stored) candidates.set(hit.key, { ...stored, cosine: 0, lex: hit.score });
      }
    }

    const ranked = [...candidates.entries()]
      .map(([key, c]) => ({ key, c, score: VECTOR_WEIGHT * Math.max(0, c.cosine) + LEXICAL_WEIGHT * c.lex }))
      .filter((r) => r.score > 0 && r.score >= this.#minScore)
      .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
      .slice(0, limit);
    return ranked.map(({ c, score }) => ({
      type: c.type,
      id: c.id,
      title: c.title,
      snippet: makeSnippet(c.text || c.title, query),
      score: Math.round(score * 10_000) / 10_000,
    }));
  }

  /** The in-memory side (lexical index and stored text), marked as missing from the vectors. */
  #remember(doc: SearchDocument): string {
    const key = documentKey(doc.type, doc.id);
    const { type, id, title, text, embedText } = doc;
    this.#lexical.set(key, type, doc.fields);
    this.#docs.set(key, { type, id, title, text, embedText });
    this.#unremoved.delete(key);
    this.#unsynced.add(key);
    return key;
  }

  /** Embeds and writes these documents' vectors in batches; each one written is marked in sync. */
  async #upsertVectors(keys: string[], batchSize = 256): Promise<void> {
    for (let i = 0; i < keys.length; i += batchSize) {
      const batch = keys.slice(i, i + batchSize).flatMap((key) => {
        const doc = this.#docs.get(key);
        return doc ? [{ key, doc }] : [];
      });
      if (!batch.length) continue;
      const vectors = await this.embedder.embed(batch.map((b) => b.doc.embedText));
      for (let j = 0; j < batch.length; j++) {
        const { key, doc } = batch[j]!;
        // The document may have changed while its vector was computed: then that write syncs it.
        if (this.#docs.get(key) !== doc) continue;
        const { type, id, title, text } = doc;
        await this.vectors.upsert({ key, type, id, title, text, vector: vectors[j]! });
        if (this.#docs.get(key) === doc) this.#unsynced.delete(key);
      }
    }
  }
}
