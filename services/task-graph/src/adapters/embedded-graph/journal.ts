// Append-only journal with group commit: lines queued while a write+fdatasync is in flight are
// written together by the next one, so N concurrent writers cost one fsync, not N.
import { type FileHandle, open } from "node:fs/promises";

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

export class Journal {
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private bytes: number;

  private constructor(
    readonly path: string,
    private readonly fh: FileHandle,
    size: number,
    /** Writes wait for this first: a new journal must not overtake the one it replaces. */
    private notBefore: Promise<void> | null,
    /** Most lines per write+fdatasync; 1 turns group commit off (benchmark baseline). */
    private readonly maxBatch: number,
  ) {
    this.bytes = size;
  }

  static async open(
    path: string,
    options: { notBefore?: Promise<void> | null; maxBatch?: number } = {},
  ): Promise<Journal> {
    const fh = await open(path, "a");
    const { size } = await fh.stat();
    return new Journal(
      path,
      fh,
      size,
      options.notBefore ?? null,
      options.maxBatch ?? Number.POSITIVE_INFINITY,
    );
  }

  /** Throws the write error once a flush has failed; the store is then unusable. */
  assertWritable(): void {
    if (this.failure) throw this.failure;
  }

  get size(): number {
    return this.bytes;
  }

  /** Resolves once the line is on disk (fdatasync done). */
  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.pending.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.flushing ??= this.flushLoop();
    return done;
  }

  /** Waits for everything queued so far, then closes the file; rejects if a write failed. */
  async close(): Promise<void> {
    await this.flushing;
    await this.fh.close();
    if (this.failure) throw this.failure;
  }

  private async flushLoop(): Promise<void> {
    try {
      if (this.notBefore) {
        try {
          await this.notBefore;
          this.notBefore = null;
        } catch (err) {
          this.fail(err as Error, []);
          return;
        }
      }
      while (this.pending.length > 0) {
        const n = Math.min(this.pending.length, this.maxBatch);
        const batch = this.pending.slice(0, n).join("");
        const waiters = this.waiters.slice(0, n);
        this.pending = this.pending.slice(n);
        this.waiters = this.waiters.slice(n);
        try {
          await this.fh.write(batch);
          await this.fh.datasync();
          this.bytes += Buffer.byteLength(batch);
        } catch (err) {
          this.fail(err as Error, waiters);
          return;
        }
        for (const w of waiters) w.resolve();
      }
    } finally {
      this.flushing = null;
    }
  }

  // After a failed write the file may hold part of a batch: refuse every further write.
  private fail(err: Error, inFlight: Waiter[]): void {
    this.failure = new Error(`journal ${this.path} is not writable: ${err.message}`);
    for (const w of [...inFlight, ...this.waiters]) w.reject(this.failure);
    this.waiters = [];
    this.pending = [];
  }
}
