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
import { type FileHandle, open, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { ShardedMap } from "../../../../../lib/collections/index.js";
import { LexicalIndex } from "../../../../../lib/search/index.js";
import { nextTurn } from "../../../../../lib/turns/index.js";
import type { Embedder } from "../../ports/embedder.js";
import type { SearchDocument } from "./documents.js";
import { VectorSlab } from "./vector-slab.js";

const FORMAT = 1;
/** Room kept for the header line at the start of the file (written last, padded with spaces). */
const HEADER_BYTES = 512;
/** Characters of the terms section, and bytes of vectors, written per turn of the event loop. */
const PIECE_CHARS = 256 * 1024;
const PIECE_BYTES = 1024 * 1024;

/** The header as a line of exactly HEADER_BYTES (JSON allows the trailing spaces). */
function headerLine(header: Record<string, unknown>): Buffer {
  const json = JSON.stringify(header);
  if (json.length >= HEADER_BYTES) throw new Error(`search index cache: header over ${HEADER_BYTES} bytes`);
  return Buffer.from(`${json.padEnd(HEADER_BYTES - 1, " ")}\n`);
}
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

  /**
   * Writes the entries of `live` fingerprints (others are dropped) atomically: tmp, fsync, rename.
   * In pieces, with turns of the event loop between them: at 20,000 code files the cache holds
   * ~200k entries, and one JSON.stringify of them all was a task of 2 s that ran past the 5 s a
   * stop may take (issue 25). Each entry is read, and its vector copied, at one moment, so the
   * file holds entries as they were, whatever is indexed meanwhile.
   */
  async save(live: Iterable<string>): Promise<number> {
    // An entry put or dropped while the file is written makes the cache dirty again.
    this.dirty = false;
    const tmp = `${this.path}.tmp`;
    let entries = 0;
    let fh: FileHandle;
    try {
      fh = await open(tmp, "w");
    } catch (err) {
      this.dirty = true;
      throw err;
    }
    try {
      const written = await this.#writeBody(fh, [...live]);
      entries = written.entries;
      await fh.write(
        headerLine({ format: FORMAT, salt: this.salt, dimension: this.dimension, ...written }),
        0,
        HEADER_BYTES,
        0,
      );
      await fh.datasync();
    } catch (err) {
      this.dirty = true;
      await fh.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    await fh.close();
    await rename(tmp, this.path);
    return entries;
  }

  /** The terms section, then the vectors, after room for the header; what the header must say. */
  async #writeBody(
    fh: FileHandle,
    live: string[],
  ): Promise<{ entries: number; termsBytes: number; crc32: number }> {
    const dim = this.dimension;
    // The vectors as they are now: a slab's views are never reused (vector-slab.ts), so holding
    // them keeps them as read; they are copied a piece at a time after the terms.
    const vectors: Float32Array[] = [];
    let entries = 0;
    let termsBytes = 0;
    let crc = 0;
    let position = HEADER_BYTES;
    const write = async (bytes: Buffer) => {
      crc = crc32(bytes, crc);
      await fh.write(bytes, 0, bytes.length, position);
      position += bytes.length;
      await nextTurn();
    };
    let piece: string[] = ["["];
    let pieceChars = 0;
    for (const fp of live) {
      const entry = this.#entries.get(fp);
      if (!entry) continue;
      const flat: (string | number)[] = [];
      for (const [term, tf] of entry.terms) flat.push(term, tf);
      const hasVector = entry.vector?.length === dim ? 1 : 0;
      if (hasVector) vectors.push(entry.vector!);
      const row = JSON.stringify([fp, flat, hasVector]);
      piece.push(entries++ === 0 ? row : `,${row}`);
      pieceChars += row.length;
      if (pieceChars < PIECE_CHARS) continue;
      const bytes = Buffer.from(piece.join(""));
      termsBytes += bytes.length;
      [piece, pieceChars] = [[], 0];
      await write(bytes);
    }
    piece.push("]");
    const last = Buffer.from(piece.join(""));
    termsBytes += last.length;
    await write(last);
    // One buffer, filled again for each piece (a write is awaited before the next fill).
    const perPiece = Math.max(1, Math.floor(PIECE_BYTES / (dim * 4)));
    const view = new Float32Array(Math.min(perPiece, vectors.length) * dim);
    const buffer = Buffer.from(view.buffer);
    for (let from = 0; from < vectors.length; from += perPiece) {
      const part = vectors.slice(from, from + perPiece);
      for (const [k, v] of part.entries()) view.set(v, k * dim);
      await write(buffer.subarray(0, part.length * dim * 4));
    }
    return { entries, termsBytes, crc32: crc };
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
