// The embedded index's vectors in blocks of BLOCK_ROWS rows, each a Columns (column-major, SIMD
// scanned): growing adds a block instead of copying every row (copying 131k rows into a doubled
// array held the event loop ~200 ms in the middle of an upload). Row r lives in block
// r >> BLOCK_SHIFT at r & BLOCK_MASK. Only a lone first block grows, by doubling, so a small
// index stays small.
import { Columns } from "./columns.js";

const BLOCK_SHIFT = 14;
const BLOCK_ROWS = 1 << BLOCK_SHIFT;
const BLOCK_MASK = BLOCK_ROWS - 1;

export class RowBlocks {
  #blocks: Columns[];

  constructor(
    initialCapacity: number,
    readonly dimension: number,
  ) {
    this.#blocks = [new Columns(Math.min(initialCapacity, BLOCK_ROWS), dimension)];
  }

  get capacity(): number {
    const n = this.#blocks.length;
    return n === 1 ? this.#blocks[0]!.capacity : n * BLOCK_ROWS;
  }

  /** Makes room for `rows` rows; `copied` rows of a lone first block move into its larger copy. */
  ensure(rows: number, copied: number): void {
    const first = this.#blocks[0]!;
    if (this.#blocks.length === 1 && first.capacity < BLOCK_ROWS && rows > first.capacity) {
      const grown = new Columns(Math.min(BLOCK_ROWS, Math.max(first.capacity * 2, rows)), this.dimension);
      for (let j = 0; j < this.dimension; j++)
        grown.data.set(
          first.data.subarray(j * first.capacity, j * first.capacity + copied),
          j * grown.capacity,
        );
      this.#blocks[0] = grown;
    }
    while (this.capacity < rows) this.#blocks.push(new Columns(BLOCK_ROWS, this.dimension));
  }

  /** The block holding `row`, and the row's index in it. */
  locate(row: number): [block: Columns, local: number] {
    return [this.#blocks[row >> BLOCK_SHIFT]!, row & BLOCK_MASK];
  }

  /** Writes `vector` times `scale` into row `row` (no copy of the vector is made first). */
  write(row: number, vector: Float32Array, scale = 1): void {
    const [block, local] = this.locate(row);
    for (let j = 0; j < this.dimension; j++) block.data[j * block.capacity + local] = vector[j]! * scale;
  }

  /** Copies row `from` over row `to`. */
  move(from: number, to: number): void {
    const [source, s] = this.locate(from);
    const [target, t] = this.locate(to);
    for (let j = 0; j < this.dimension; j++)
      target.data[j * target.capacity + t] = source.data[j * source.capacity + s]!;
  }

  /** Scores rows 0..count against `query`, block by block: `visit(scores, rows, base)` after each. */
  scanAll(
    count: number,
    query: Float32Array,
    visit: (scores: Float64Array, rows: number, base: number) => void,
  ): void {
    for (let base = 0, b = 0; base < count; base += BLOCK_ROWS, b++) {
      const block = this.#blocks[b]!;
      const rows = Math.min(block.capacity, count - base);
      block.scanAll(rows, query);
      visit(block.scores, rows, base);
    }
  }
}
