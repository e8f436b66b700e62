/**
 * Timestamps for the store. created_at never goes backwards (so insertion order is created_at
 * order) and a user's updated_at strictly increases even when two updates share a millisecond.
 */
export class MonotonicClock {
  private last = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Never less than the previous value returned. */
  next(): number {
    this.last = Math.max(this.now(), this.last);
    return this.last;
  }

  /** Strictly greater than `previous`. */
  after(previous: number): number {
    const t = Math.max(this.next(), previous + 1);
    this.last = t;
    return t;
  }
}
