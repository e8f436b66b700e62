// Append-only journal with group commit: lines queued while a write+fdatasync is in flight are
// written together by the next one, so N concurrent writers cost one fsync, not N.
// A batch counts only when every byte of it was written and fdatasync returned. When a write
// fails (ENOSPC, EIO, a write that stops short) or fdatasync fails, the batch and every line
// queued behind it are refused, the file is cut back to the end of the last durable batch (so
// the next record never follows a fragment), and the journal stays usable: the next append tries
// again, so writes recover by themselves once the disk has room.
import { type JournalFile, type JournalFs, nodeJournalFs } from "./journal-file.js";
import { utf8InSlices } from "./loop-slices.js";

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
  /** Runs once the line is durable, before the writer hears of it. */
  onDurable: (() => void) | undefined;
}

export interface JournalOptions {
  /** Writes wait for this first: a new journal must not overtake the one it replaces. */
  notBefore?: Promise<void> | null;
  /** Most lines per write+fdatasync; 1 turns group commit off (benchmark baseline). */
  maxBatch?: number;
  /** The file system seam (tests inject failures through it). @default node:fs */
  fs?: JournalFs;
  /** Called after a failed batch was refused, with the error its writers got. */
  onFailure?: (err: Error) => void;
}

const MIN_PROBE_BYTES = 4096;
const MAX_PROBE_BYTES = 1024 * 1024;

export class Journal {
  /** Lines waiting to be written; a long one comes in pieces (never joined into one string). */
  private pending: (string | readonly string[])[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  /** Length of the prefix of the file that holds only whole, durable lines. */
  private durableBytes: number;
  /** The file may hold part of a failed batch past durableBytes; cut it before writing on. */
  private needsCut = false;
  /** The last write failure, until a later write or a probe succeeds (health shows it). */
  private failure: Error | null = null;
  private failedBytes = 0;

  private constructor(
    readonly path: string,
    private readonly file: JournalFile,
    size: number,
    private notBefore: Promise<void> | null,
    private readonly maxBatch: number,
    private readonly fs: JournalFs,
    private readonly onFailure: ((err: Error) => void) | undefined,
  ) {
    this.durableBytes = size;
  }

  static async open(path: string, options: JournalOptions = {}): Promise<Journal> {
    const fs = options.fs ?? nodeJournalFs;
    const file = await fs.openAppend(path);
    return new Journal(
      path,
      file,
      await file.size(),
      options.notBefore ?? null,
      options.maxBatch ?? Number.POSITIVE_INFINITY,
      fs,
      options.onFailure,
    );
  }

  get size(): number {
    return this.durableBytes;
  }

  /** The error of the last failed batch while no write has succeeded since; null when healthy. */
  get lastFailure(): Error | null {
    return this.failure;
  }

  /** Resolves once the line is on disk (fdatasync done); `onDurable` runs just before. A line may come in pieces. */
  append(line: string | readonly string[], onDurable?: () => void): Promise<void> {
    this.pending.push(line);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject, onDurable }));
    this.flushing ??= this.flushLoop();
    return done;
  }

  /** Refuses every line not written yet (a write they may depend on failed elsewhere). */
  refuseQueued(err: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    this.pending = [];
    for (const w of waiters) w.reject(err);
  }

  /**
   * After a failure: cuts any fragment, then checks that a write of the failed batch's size fits
   * now (a probe file beside the journal, written, synced and removed). Resolves when it does.
   */
  async probe(): Promise<void> {
    if (!this.failure) return;
    if (this.needsCut) await this.cut();
    const probePath = `${this.path}.probe`;
    const file = await this.fs.openAppend(probePath);
    try {
      const size = Math.min(MAX_PROBE_BYTES, Math.max(MIN_PROBE_BYTES, this.failedBytes));
      await writeAll(file, new Uint8Array(size));
      await file.datasync();
    } finally {
      await file.close().catch(() => {});
      await this.fs.remove(probePath).catch(() => {});
    }
    this.failure = null;
  }

  /** Waits for everything queued so far, then closes the file. */
  async close(): Promise<void> {
    await this.flushing;
    await this.file.close();
  }

  private async flushLoop(): Promise<void> {
    try {
      if (this.notBefore) {
        try {
          await this.notBefore;
          this.notBefore = null;
        } catch (err) {
          this.refuseQueued(this.writeError(err, 0));
          return;
        }
      }
      while (this.pending.length > 0) {
        const n = Math.min(this.pending.length, this.maxBatch);
        const lines = this.pending.slice(0, n);
        const waiters = this.waiters.slice(0, n);
        this.pending = this.pending.slice(n);
        this.waiters = this.waiters.slice(n);
        // A large code write's line is tens of MB: converted in slices, not in one task.
        const pieces = await utf8InSlices(lines.flat());
        const bytes = pieces.reduce((sum, p) => sum + p.length, 0);
        try {
          if (this.needsCut) await this.cut();
          this.needsCut = true;
          for (const piece of pieces) await writeAll(this.file, piece);
          await this.file.datasync();
          this.needsCut = false;
        } catch (err) {
          await this.refuse(this.writeError(err, bytes), waiters, bytes);
          continue;
        }
        this.durableBytes += bytes;
        this.failure = null;
        for (const w of waiters) w.onDurable?.();
        for (const w of waiters) w.resolve();
      }
    } finally {
      this.flushing = null;
    }
  }

  // Refuses the failed batch and everything queued behind it (those writes were applied in
  // memory on top of the failed ones), then tries to cut the fragment off at once.
  private async refuse(err: Error, batch: Waiter[], bytes: number): Promise<void> {
    this.failure = err;
    this.failedBytes = bytes;
    const queued = this.waiters;
    this.waiters = [];
    this.pending = [];
    this.onFailure?.(err);
    for (const w of [...batch, ...queued]) w.reject(err);
    await this.cut().catch(() => {});
  }

  private async cut(): Promise<void> {
    await this.file.truncate(this.durableBytes);
    await this.file.datasync();
    this.needsCut = false;
  }

  private writeError(err: unknown, bytes: number): Error {
    const reason = err instanceof Error ? err.message : String(err);
    return new Error(`journal ${this.path}: could not make ${bytes} bytes durable: ${reason}`, {
      cause: err,
    });
  }
}

/** Writes all of `data`, continuing after short writes; a write that makes no progress fails. */
async function writeAll(file: JournalFile, data: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const written = await file.write(offset === 0 ? data : data.subarray(offset));
    if (written <= 0) {
      throw Object.assign(new Error(`short write: ${offset} of ${data.length} bytes written`), {
        code: "ESHORTWRITE",
      });
    }
    offset += written;
  }
}
