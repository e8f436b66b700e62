// Exact nearest-neighbour search by brute-force cosine. Vectors are stored column-major in
// blocks of rows (row-blocks.ts: dimension j of a row at j * capacity + its index in the block;
// see scan.ts for why), each scanned as WebAssembly SIMD (columns.ts). Removal swaps the last row
// into the hole, so rows stay dense and a scan never skips gaps. Vectors are normalised on the way
// in, so a dot product is the cosine. The dimension is fixed by the first item (or the
// constructor) and checked afterwards.
import { ShardedMap } from "../../../../../lib/collections/index.js";
import type { VectorHit, VectorIndex, VectorItem, VectorQuery } from "../../ports/vector-index.js";
import { RowBlocks } from "./row-blocks.js";
import { collectTop, scoreRow, usedDimensions } from "./scan.js";
import { TopK } from "./top-k.js";

/** A type filter keeping under 1/ROWS_SHARE of the rows scores only those (see #rowsOf). */
const ROWS_SHARE = 32;

interface RowMeta {
  key: string;
  type: string;
  id: string;
  title: string;
  text: string;
}

export interface EmbeddedVectorIndexOptions {
  /** Fixes the vector length up front; otherwise the first upsert decides it. */
  dimension?: number;
  /** Rows allocated before the first growth. @default 1024 */
  initialCapacity?: number;
}

export class EmbeddedVectorIndex implements VectorIndex {
  readonly backend = "embedded";
  #dimension: number;
  /** Rows to make room for once the dimension is known (reserve() before the first item). */
  #reserved: number;
  #rows: RowBlocks;
  #typeCodes: Int32Array;
  #count = 0;
  readonly #meta: RowMeta[] = [];
  readonly #rowOf = new ShardedMap<number>();
  readonly #typeCode = new Map<string, number>();

  constructor(options: EmbeddedVectorIndexOptions = {}) {
    this.#dimension = options.dimension ?? 0;
    this.#reserved = Math.max(16, options.initialCapacity ?? 1024);
    this.#rows = new RowBlocks(this.#reserved, this.#dimension);
    this.#typeCodes = new Int32Array(this.#rows.capacity);
  }

  async init(): Promise<void> {}
  async close(): Promise<void> {}
  async ping(): Promise<void> {}

  async size(): Promise<number> {
    return this.#count;
  }

  /** Room for a start-up's worth of rows in one step. */
  async reserve(items: number): Promise<void> {
    this.#reserved = Math.max(this.#reserved, items);
    if (this.#dimension > 0) this.#ensure(items);
  }

  async upsert(item: VectorItem): Promise<void> {
    this.#checkDimension(item.vector, "item.vector");
    let row = this.#rowOf.get(item.key);
    if (row === undefined) {
      this.#ensure(this.#count + 1);
      row = this.#count++;
      this.#rowOf.set(item.key, row);
    }
    const { key, type, id, title, text } = item;
    this.#meta[row] = { key, type, id, title, text };
    this.#typeCodes[row] = this.#codeFor(type);
    // Scaled to unit length as it is written: a Float32Array per row made an ArrayBuffer each,
    // 200k of them at 20,000 code files, for the collector to sweep.
    this.#rows.write(row, item.vector, unitScale(item.vector));
  }

  async remove(key: string): Promise<void> {
    const row = this.#rowOf.get(key);
    if (row === undefined) return;
    const last = --this.#count;
    this.#rowOf.delete(key);
    if (row !== last) {
      this.#rows.move(last, row);
      this.#typeCodes[row] = this.#typeCodes[last]!;
      const moved = this.#meta[last]!;
      this.#meta[row] = moved;
      this.#rowOf.set(moved.key, row);
    }
    this.#meta.length = last;
  }

  async search(query: VectorQuery): Promise<VectorHit[]> {
    if (!Number.isInteger(query.limit) || query.limit < 1) {
      throw new RangeError(`limit must be a positive integer, got ${query.limit}`);
    }
    if (this.#count === 0) return [];
    this.#checkDimension(query.vector, "query.vector");
    const q = normalized(query.vector);
    const allowed = this.#allowedCodes(query.types);
    if (allowed && !allowed.includes(1)) return [];
    const top = new TopK(Math.min(query.limit, this.#count));
    const rows = allowed ? this.#rowsOf(allowed) : null;
    if (rows) {
      const used = usedDimensions(q);
      for (const row of rows) {
        const [block, local] = this.#rows.locate(row);
        const score = scoreRow(block.data, block.capacity, local, used, q);
        if (score > top.threshold) top.offer(row, score);
      }
    } else {
      this.#rows.scanAll(this.#count, q, (scores, n, base) =>
        collectTop(scores, n, base, this.#typeCodes, allowed, top),
      );
    }
    const hits: VectorHit[] = [];
    for (let i = 0; i < top.size; i++) {
      const meta = this.#meta[top.rows[i]!]!;
      hits.push({ ...meta, score: top.scores[i]! });
    }
    return hits;
  }

  /**
   * The rows of the allowed types, ascending, when they are few enough (under 1/32 of all) that
   * scoring only them beats a full column scan; else null. Scoring a row reads one float per column,
   * a cache miss each, while the full scan streams every column through SIMD: 20k file rows among
   * 227k took ~30 ms alone, the full scan ~4 ms.
   */
  #rowsOf(allowed: Uint8Array): Int32Array | null {
    const codes = this.#typeCodes;
    let n = 0;
    for (let row = 0; row < this.#count; row++) n += allowed[codes[row]!]!;
    if (n * ROWS_SHARE >= this.#count) return null;
    const rows = new Int32Array(n);
    let i = 0;
    for (let row = 0; row < this.#count; row++) if (allowed[codes[row]!]) rows[i++] = row;
    return rows;
  }

  /** 1 at the codes of these types (a table: a Set look-up per row cost as much as scoring it). */
  #allowedCodes(types: string[] | undefined): Uint8Array | null {
    if (!types) return null;
    const allowed = new Uint8Array(this.#typeCode.size);
    for (const type of types) {
      const code = this.#typeCode.get(type);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }

  #codeFor(type: string): number {
    let code = this.#typeCode.get(type);
    if (code === undefined) {
      code = this.#typeCode.size;
      this.#typeCode.set(type, code);
    }
    return code;
  }

  #checkDimension(vector: Float32Array, field: string): void {
    if (this.#dimension === 0) {
      if (vector.length === 0) throw new RangeError(`${field} must not be empty`);
      this.#dimension = vector.length;
      this.#rows = new RowBlocks(this.#reserved, this.#dimension);
      this.#ensure(this.#reserved);
    } else if (vector.length !== this.#dimension) {
      throw new RangeError(`${field} has ${vector.length} dimensions, the index holds ${this.#dimension}`);
    }
  }

  #ensure(rows: number): void {
    if (rows > this.#rows.capacity) this.#rows.ensure(rows, this.#count);
    // Also when the first item made the rows as large as reserve() asked: the type codes must
    // follow, else rows past the initial capacity have no type and a type filter drops them all.
    if (this.#typeCodes.length < this.#rows.capacity) {
      const codes = new Int32Array(this.#rows.capacity);
      codes.set(this.#typeCodes.subarray(0, this.#count));
      this.#typeCodes = codes;
    }
  }
}

/** What scales `vector` to unit length (0 for the zero vector). */
function unitScale(vector: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  return sum > 0 ? 1 / Math.sqrt(sum) : 0;
}

function normalized(vector: Float32Array): Float32Array {
  const scale = unitScale(vector);
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * scale;
  return out;
}
