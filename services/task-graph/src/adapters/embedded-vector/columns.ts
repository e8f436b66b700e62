// The embedded index's storage: one column of `capacity` floats per dimension, then a score per
// row, in a WebAssembly.Memory so the SIMD kernel (simd-kernel.ts) can scan it; in plain typed
// arrays scanned by scan.ts where WebAssembly SIMD is missing or the memory cannot be had. Both
// give bit-identical scores.
import { scoreColumns, usedDimensions } from "./scan.js";
import { type Axpy4, simdKernel, wasmMemory } from "./simd-kernel.js";

const PAGE = 65_536;
/** A 32-bit WebAssembly memory holds at most 4 GiB. */
const MAX_WASM_BYTES = 2 ** 32;

export class Columns {
  readonly data: Float32Array;
  readonly scores: Float64Array;
  readonly #axpy4: Axpy4 | null;

  constructor(
    readonly capacity: number,
    readonly dimension: number,
  ) {
    const scoreBytes = capacity * 8;
    const bytes = scoreBytes + capacity * dimension * 4;
    const memory = bytes <= MAX_WASM_BYTES ? wasmMemory(Math.max(1, Math.ceil(bytes / PAGE))) : null;
    this.#axpy4 = memory ? simdKernel(memory) : null;
    if (memory && this.#axpy4) {
      this.scores = new Float64Array(memory.buffer, 0, capacity);
      this.data = new Float32Array(memory.buffer, scoreBytes, capacity * dimension);
    } else {
      this.scores = new Float64Array(capacity);
      this.data = new Float32Array(capacity * dimension);
    }
  }

  /** True when scanAll runs the SIMD kernel. */
  get simd(): boolean {
    return this.#axpy4 !== null;
  }

  /** scores[row] = query · row for rows 0..count (scan.ts scoreColumns, same floats). */
  scanAll(count: number, query: Float32Array): void {
    if (this.#axpy4) this.#simdScan(this.#axpy4, count, query);
    else scoreColumns(this.data, this.capacity, count, query, this.scores);
  }

  #simdScan(axpy4: Axpy4, count: number, query: Float32Array): void {
    const { data, scores, capacity } = this;
    scores.fill(0, 0, count);
    const used = usedDimensions(query);
    const base = data.byteOffset;
    const column = (j: number) => base + j * capacity * 4;
    // The kernel takes rows two by two; an odd last row is added here, the same way.
    const even = count & ~1;
    let k = 0;
    for (; k + 4 <= used.length; k += 4) {
      const [ja, jb, jc, jd] = [used[k]!, used[k + 1]!, used[k + 2]!, used[k + 3]!];
      const [qa, qb, qc, qd] = [query[ja]!, query[jb]!, query[jc]!, query[jd]!];
      axpy4(0, column(ja), column(jb), column(jc), column(jd), qa, qb, qc, qd, even);
      if (even < count) {
        const r = even;
        scores[r]! +=
          qa * data[ja * capacity + r]! +
          qb * data[jb * capacity + r]! +
          qc * data[jc * capacity + r]! +
          qd * data[jd * capacity + r]!;
      }
    }
    for (; k < used.length; k++) {
      const offset = used[k]! * capacity;
      const q = query[used[k]!]!;
      for (let row = 0; row < count; row++) scores[row]! += q * data[offset + row]!;
    }
  }
}
