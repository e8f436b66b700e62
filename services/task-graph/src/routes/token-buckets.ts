// Token buckets by key, at most `maxKeys` of them (least recently used forgotten first: a
// forgotten bucket comes back full, which only ever errs towards letting a request through).

export interface TokenBucketsOptions {
  /** Tokens a full bucket holds (the burst allowed). */
  capacity: number;
  /** Tokens added back per millisecond. */
  refillPerMs: number;
  maxKeys: number;
  now: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  /** Insertion order is recency order: a touched bucket is moved to the end. */
  readonly #buckets = new Map<string, Bucket>();

  constructor(private readonly options: TokenBucketsOptions) {}

  /** Takes one token from `key`'s bucket: 0 when taken, else the milliseconds until one is there. */
  take(key: string): number {
    const { capacity, refillPerMs, now } = this.options;
    const t = now();
    const bucket = this.#touch(key, t);
    bucket.tokens = Math.min(capacity, bucket.tokens + (t - bucket.at) * refillPerMs);
    bucket.at = t;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / refillPerMs);
  }

  get size(): number {
    return this.#buckets.size;
  }

  #touch(key: string, t: number): Bucket {
    const found = this.#buckets.get(key);
    if (found) {
      this.#buckets.delete(key);
      this.#buckets.set(key, found);
      return found;
    }
    if (this.#buckets.size >= this.options.maxKeys) {
      this.#buckets.delete(this.#buckets.keys().next().value!);
    }
    const fresh = { tokens: this.options.capacity, at: t };
    this.#buckets.set(key, fresh);
    return fresh;
  }
}
