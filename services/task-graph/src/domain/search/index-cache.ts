// What is slow to rebuild at start-up, kept on disk between runs: for each indexed document its
// lexical terms and its vector (tokenising and embedding 20,000 issues took ~2.5 s of a 9 s start).
// Entries are keyed by a fingerprint of the document's indexed text and of a salt describing the
// indexing code itself (its output on a probe text, the embedder's name and dimension), so an
// edited document or a changed tokenizer or embedder simply misses and is recomputed: the cache
// can be stale, never wrong. The file carries a CRC-32 of its body; a damaged or foreign file is
// ignored (everything is recomputed) and replaced at the next save.
// File: one JSON header line {format, salt, dimension, entries, termsBytes, crc32}, then the terms
// section (JSON: [fingerprint, [term, tf, term, tf, …], hasVector] per entry), then the vectors of
// the entries that have one, float32 little-endian, in entry order.
import { createHash, hash } from "node:crypto";
import { open, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { ShardedMap } from "../../../../../lib/collections/index.js";
import { LexicalIndex } from "../../../../../lib/search/index.js";
import type { Embedder } from "../../ports/embedder.js";
import type { SearchDocument } from "./documents.js";
import { VectorSlab } from "./vector-slab.js";

const FORMAT = 1;
export const CACHE_FILE = "search-index.cache";
// Exercises what indexing does to text (identifiers, stemming, stop words, numbers, accents), so a
// change to the tokenizer or the embedder changes the salt and retires the cache.
const PROBE =
  "Checkout fails: OrderRepository.save throws NullPointerException on login_token refresh " +
  "(HTTP 401) in staging-eu; users' carts are lost while running the nightly re-index. Café déjà vu.";

export interface CachedIndexEntry {
  terms: ReadonlyMap<string, number>;
  vector: Float32Array | null;
}

export interface CacheLoadReport {
  entries: number;
  /** Why the file was not used, when it was not. */
  ignored?: string;
}

export class SearchIndexCache {
  readonly #entries = new ShardedMap<CachedIndexEntry>();
  /** Where the vectors put() keeps live (views into shared buffers, see vector-slab.ts). */
  readonly #slab = new VectorSlab();
  /** Entries were added or dropped since the file was read or written: a save is worth it. */
  dirty = false;

  private constructor(
    readonly path: string,
    private readonly salt: string,
    private readonly dimension: number,
  ) {}

  /** The cache at `path` (empty when the file is missing, damaged or made by other indexing code). */
  static async open(
    path: string,
    salt: string,
    dimension: number,
  ): Promise<{ cache: SearchIndexCache; report: CacheLoadReport }> {
    const cache = new SearchIndexCache(path, salt, dimension);
    const ignored = await cache.#load().catch((err: Error) => err.message);
    return { cache, report: { entries: cache.#entries.size, ...(ignored ? { ignored } : {}) } };
  }

  get size(): number {
    return this.#entries.size;
  }

  fingerprint(doc: SearchDocument): string {
    // One string, one hash call: the same bytes as hashing the parts in turn, at a fraction of
    // the cost (20,000 documents at start-up).
    let text = `${this.salt}\0${doc.type}\0`;
    for (const [field, boost] of doc.fields) text += `${boost}\0${field}\0`;
    return hash("sha1", text + doc.embedText, "base64");
  }

  get(fingerprint: string): CachedIndexEntry | undefined {
    return this.#entries.get(fingerprint);
  }

  /** The cache of `dataDir` for this embedder and the indexing code as it is now. */
  static async forDataDir(
    dataDir: string,
    embedder: Embedder,
  ): Promise<{ cache: SearchIndexCache; report: CacheLoadReport }> {
    return SearchIndexCache.open(join(dataDir, CACHE_FILE), await indexingSalt(embedder), embedder.dimension);
  }

  /** Keeps `entry` (its vector copied into a shared buffer: the caller's stays its own). */
  put(fingerprint: string, entry: CachedIndexEntry): void {
    const vector = entry.vector && this.#slab.keep(entry.vector);
    this.#entries.set(fingerprint, { terms: entry.terms, vector });
    this.dirty = true;
  }

  delete(fingerprint: string): void {
    if (this.#entries.delete(fingerprint)) this.dirty = true;
  }

  /** Writes the entries of `live` fingerprints (others are dropped) atomically: tmp, fsync, rename. */
  async save(live: Iterable<string>): Promise<number> {
    const rows: [string, (string | number)[], number][] = [];
    const vectors: Float32Array[] = [];
    for (const fp of live) {
      const entry = this.#entries.get(fp);
      if (!entry) continue;
      const flat: (string | number)[] = [];
      for (const [term, tf] of entry.terms) flat.push(term, tf);
      const hasVector = entry.vector?.length === this.dimension ? 1 : 0;
      rows.push([fp, flat, hasVector]);
      if (hasVector) vectors.push(entry.vector!);
    }
    const terms = Buffer.from(JSON.stringify(rows));
    const vectorBytes = Buffer.allocUnsafe(vectors.length * this.dimension * 4);
    const view = new Float32Array(
      vectorBytes.buffer,
      vectorBytes.byteOffset,
      vectors.length * this.dimension,
    );
    for (const [k, v] of vectors.entries()) view.set(v, k * this.dimension);
    const crc = crc32(vectorBytes, crc32(terms));
    const header = Buffer.from(
      `${JSON.stringify({ format: FORMAT, salt: this.salt, dimension: this.dimension, entries: rows.length, termsBytes: terms.length, crc32: crc })}\n`,
    );
    const tmp = `${this.path}.tmp`;
    const fh = await open(tmp, "w");
    try {
      await fh.writev([header, terms, vectorBytes]);
      await fh.datasync();
    } catch (err) {
      await fh.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    await fh.close();
    await rename(tmp, this.path);
    this.dirty = false;
    return rows.length;
  }

  async #load(): Promise<string | undefined> {
    let buf: Buffer;
    try {
      buf = await readFile(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return "no cache file yet";
      throw err;
    }
    const nl = buf.indexOf(0x0a);
    if (nl < 0) return "damaged (no header)";
    const header = JSON.parse(buf.subarray(0, nl).toString("utf8")) as {
      format: number;
      salt: string;
      dimension: number;
      entries: number;
      termsBytes: number;
      crc32: number;
    };
    if (header.format !== FORMAT) return `format ${header.format} is not ${FORMAT}`;
    if (header.salt !== this.salt || header.dimension !== this.dimension) {
      return "written by other indexing code or another embedder";
    }
    const terms = buf.subarray(nl + 1, nl + 1 + header.termsBytes);
    const vectorBytes = buf.subarray(nl + 1 + header.termsBytes);
    if (crc32(vectorBytes, crc32(terms)) !== header.crc32) return "damaged (checksum mismatch)";
    // Copy once into an aligned array; entries are views into it.
    const all = new Float32Array(vectorBytes.length / 4);
    new Uint8Array(all.buffer).set(vectorBytes);
    const rows = JSON.parse(terms.toString("utf8")) as [string, (string | number)[], number][];
    let next = 0;
    for (const [fp, flat, hasVector] of rows) {
      const map = new Map<string, number>();
      for (let i = 0; i < flat.length; i += 2) map.set(flat[i] as string, flat[i + 1] as number);
      let vector: Float32Array | null = null;
      if (hasVector) {
        vector = all.subarray(next * this.dimension, (next + 1) * this.dimension);
        next++;
      }
      this.#entries.set(fp, { terms: map, vector });
    }
    return undefined;
  }
}

/** What the indexing code does to a probe text, hashed: the lexical terms, and the local embedder's vector. */
async function indexingSalt(embedder: Embedder): Promise<string> {
  const lexical = new LexicalIndex();
  lexical.set("probe", "issue", [
    [PROBE, 2],
    ["running runs ran 42", 1],
  ]);
  const h = createHash("sha1")
    .update(`${FORMAT}\0${embedder.name}\0${embedder.dimension}\0`)
    .update(JSON.stringify([...lexical.termsOf("probe")]));
  // A remote embedder is named by its model; only the local one is cheap to probe at start.
  if (!embedder.name.startsWith("http:")) {
    const [vector] = await embedder.embed([PROBE]);
    h.update(new Uint8Array(vector!.buffer, vector!.byteOffset, vector!.byteLength));
  }
  return h.digest("base64");
}
