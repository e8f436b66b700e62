// Exact nearest-neighbour search by brute-force cosine over one contiguous Float32Array
// (column-major: dimension j of row r at j * capacity + r; see scan.ts for why). Removal swaps
// the last row into the hole, so rows stay dense and a scan never skips gaps. Vectors are normalised on the way in, so a dot product is the
// cosine. The dimension is fixed by the first item (or the constructor) and checked afterwards.
import type { VectorHit, VectorIndex, VectorItem, VectorQuery } from "../../ports/vector-index.js";
import { collectTop, collectTopOf, scoreColumns, scoreRows } from "./scan.js";
import { TopK } from "./top-k.js";

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
  #capacity: number;
  #data: Float32Array;
  #typeCodes: Int32Array;
  // Float64: accumulating into a Float32Array costs a rounding per add (measured ~4x slower).
  #scores: Float64Array;
  #count = 0;
  readonly #meta: RowMeta[] = [];
  readonly #rowOf = new Map<string, number>();
  readonly #typeCode = new Map<string, number>();

  constructor(options: EmbeddedVectorIndexOptions = {}) {
    this.#dimension = options.dimension ?? 0;
    this.#capacity = Math.max(16, options.initialCapacity ?? 1024);
    this.#data = new Float32Array(this.#capacity * this.#dimension);
    this.#typeCodes = new Int32Array(this.#capacity);
    this.#scores = new Float64Array(this.#capacity);
  }

  async init(): Promise<void> {}
  async close(): Promise<void> {}
  async ping(): Promise<void> {}

  async size(): Promise<number> {
    return this.#count;
  }

  /** One allocation for a start-up's worth of rows instead of doubling (and copying) five times. */
  async reserve(items: number): Promise<void> {
    if (items > this.#capacity) this.#grow(items);
  }

  async upsert(item: VectorItem): Promise<void> {
    this.#checkDimension(item.vector, "item.vector");
    let row = this.#rowOf.get(item.key);
    if (row === undefined) {
      if (this.#count === this.#capacity) this.#grow();
      row = this.#count++;
      this.#rowOf.set(item.key, row);
    }
    const { key, type, id, title, text } = item;
    this.#meta[row] = { key, type, id, title, text };
    this.#typeCodes[row] = this.#codeFor(type);
    this.#writeRow(row, item.vector);
  }

  async remove(key: string): Promise<void> {
    const row = this.#rowOf.get(key);
    if (row === undefined) return;
    const last = --this.#count;
    this.#rowOf.delete(key);
    if (row !== last) {
      const cap = this.#capacity;
      for (let j = 0; j < this.#dimension; j++) this.#data[j * cap + row] = this.#data[j * cap + last]!;
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
    if (allowed?.size === 0) return [];
    const top = new TopK(Math.min(query.limit, this.#count));
    const rows = allowed ? this.#rowsOf(allowed) : null;
    if (rows) {
      scoreRows(this.#data, this.#capacity, rows, q, this.#scores);
      collectTopOf(this.#scores, rows, top);
    } else {
      scoreColumns(this.#data, this.#capacity, this.#count, q, this.#scores);
      collectTop(this.#scores, this.#count, this.#typeCodes, allowed, top);
    }
    const hits: VectorHit[] = [];
    for (let i = 0; i < top.size; i++) {
      const meta = this.#meta[top.rows[i]!]!;
      hits.push({ ...meta, score: top.scores[i]! });
    }
    return hits;
  }

  /**
   * The rows of these types, ascending, when they are few enough (under a quarter of all) that
   * scoring only them beats a full column scan; else null.
   */
  #rowsOf(allowed: Set<number>): Int32Array | null {
    const codes = this.#typeCodes;
    let n = 0;
    for (let row = 0; row < this.#count; row++) if (allowed.has(codes[row]!)) n++;
    if (n * 4 >= this.#count) return null;
    const rows = new Int32Array(n);
    let i = 0;
    for (let row = 0; row < this.#count; row++) if (allowed.has(codes[row]!)) rows[i++] = row;
    return rows;
  }

  #allowedCodes(types: string[] | undefined): Set<number> | null {
    if (!types) return null;
    const codes = new Set<number>();
    for (const type of types) {
      const code = this.#typeCode.get(type);
      if (code !== undefined) codes.add(code);
    }
    return codes;
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
      this.#data = new Float32Array(this.#capacity * this.#dimension);
    } else if (vector.length !== this.#dimension) {
      throw new RangeError(`${field} has ${vector.length} dimensions, the index holds ${this.#dimension}`);
    }
  }

  #writeRow(row: number, vector: Float32Array): void {
    const unit = normalized(vector);
    for (let j = 0; j < this.#dimension; j++) this.#data[j * this.#capacity + row] = unit[j]!;
  }

  #grow(atLeast = 0): void {
    const old = this.#capacity;
    this.#capacity = Math.max(old * 2, atLeast);
    const data = new Float32Array(this.#capacity * this.#dimension);
    for (let j = 0; j < this.#dimension; j++) {
      data.set(this.#data.subarray(j * old, j * old + this.#count), j * this.#capacity);
    }
    this.#data = data;
    this.#scores = new Float64Array(this.#capacity);
    const codes = new Int32Array(this.#capacity);
    codes.set(this.#typeCodes.subarray(0, this.#count));
    this.#typeCodes = codes;
  }
}

function normalized(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * scale;
  return out;
}
