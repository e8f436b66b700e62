// Keeps the k best (row, score) pairs seen so far. For the small k of a search (10..100) a
// sorted insertion beats a heap: most candidates lose to the current k-th score and exit at once.
export class TopK {
  readonly rows: Int32Array;
  readonly scores: Float64Array;
  size = 0;

  constructor(readonly k: number) {
    this.rows = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /** The score a candidate must beat to enter. */
  get threshold(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : this.scores[this.k - 1]!;
  }

  offer(row: number, score: number): void {
    if (this.size === this.k && score <= this.scores[this.k - 1]!) return;
    let i = this.size < this.k ? this.size++ : this.k - 1;
    while (i > 0 && this.scores[i - 1]! < score) {
      this.scores[i] = this.scores[i - 1]!;
      this.rows[i] = this.rows[i - 1]!;
      i--;
    }
    this.scores[i] = score;
    this.rows[i] = row;
  }
}
