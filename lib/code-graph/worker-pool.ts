// Work on several cores: a pool of worker threads, each with its own WASM runtime and grammars,
// fed one job at a time (the least busy worker gets the next). `WorkerPool` runs any worker
// module that answers `{ id, ...job }` with `{ id, result }` or `{ id, error }`;
// `WorkerExtractor` is the pool of extract-worker.ts: pass `pool.extract` as `CodeIndexer`'s
// `extract` option. `close()` ends the threads. With `jobTimeoutMs`, a job that runs longer is
// stopped by terminating its worker (V8 interrupts WASM too: a parse or a query that blows up
// cannot hold a thread), fails with `JobTimeoutError`, and a fresh worker takes its place.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The stop timer of each job sent to it (jobTimeoutMs). */
  timers: Map<number, NodeJS.Timeout>;
  /** With jobTimeoutMs, a worker takes jobs once it said `{ ready: true }` (its start is not a job's time). */
  ready: boolean;
}

/** Jobs sent ahead to one worker: the next is already there when one finishes. */
const IN_FLIGHT = 2;
/** Workers restarted after a crash before a job succeeds again (then the pool shrinks). */
const MAX_CRASHES_IN_A_ROW = 3;

export interface WorkerPoolOptions {
  /** @default the number of cores */
  threads?: number;
  /**
   * A job running longer than this is stopped (its worker is terminated and replaced) and fails
   * with JobTimeoutError. Jobs are then sent one at a time, so the clock starts when the job does,
   * and only to a worker that posted `{ ready: true }` once loaded (extract-worker.ts does).
   */
  jobTimeoutMs?: number;
  /** A worker's heap limit (V8 old generation, MiB): a job that outgrows it fails, the pool goes on. */
  maxHeapMb?: number;
}

/** A job stopped by its pool's `jobTimeoutMs`. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the job ran over its budget of ${timeoutMs} ms and was stopped`);
    this.name = "JobTimeoutError";
  }
}

export class WorkerPool<Job extends object, Result> {
  private readonly workers: PoolWorker[];
  private nextId = 0;
  private readonly inFlight: number;
  private readonly maxHeapMb: number | undefined;
  /** Workers lost since a job last succeeded: a worker that cannot even start is not restarted forever. */
  private crashesInARow = 0;
  private readonly jobTimeoutMs: number | undefined;
  private closed = false;

  /**
   * `module`: the worker's file; a `.ts` one (from source: tsx, vitest) is loaded through tsx's
   * loader, which a worker does not inherit under every runner.
   */
  constructor(
    private readonly module: URL,
    options: WorkerPoolOptions = {},
  ) {
    const threads = options.threads ?? availableParallelism();
    if (!Number.isInteger(threads) || threads < 1) {
      throw new Error(`threads: expected a whole number ≥ 1, got ${threads}`);
    }
    const timeout = options.jobTimeoutMs;
    if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
      throw new Error(`jobTimeoutMs: expected a positive number, got ${timeout}`);
    }
    this.jobTimeoutMs = timeout;
    this.inFlight = timeout === undefined ? IN_FLIGHT : 1;
    this.maxHeapMb = options.maxHeapMb;
    this.workers = Array.from({ length: threads }, () => this.start());
  }

  run(job: Job): Promise<Result> {
    if (this.workers.length === 0)
      return Promise.reject(new Error("the worker pool has no worker left (closed or failed)"));
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ job, pending: { resolve: resolve as (result: unknown) => void, reject } });
      this.dispatch();
    });
  }

  /**
   * Jobs wait here until a worker has fewer than IN_FLIGHT: a worker that finishes early takes
   * the next, so jobs of uneven size (whole services) do not pile up behind one worker.
   */
  private readonly queue: { job: Job; pending: Pending }[] = [];

  private dispatch(): void {
    while (this.queue.length > 0 && this.workers.length > 0) {
      const ready = this.workers.filter((w) => w.ready);
      if (ready.length === 0) break;
      const target = ready.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      if (target.pending.size >= this.inFlight) break;
      const { job, pending } = this.queue.shift()!;
      const id = this.nextId++;
      target.pending.set(id, pending);
      if (this.jobTimeoutMs !== undefined)
        target.timers.set(id, setTimeout(() => this.stopOverBudget(target), this.jobTimeoutMs).unref());
      target.worker.postMessage({ ...job, id });
    }
    // Work waiting or running keeps the process alive; an idle pool does not.
    for (const w of this.workers) {
      if (this.queue.length > 0 || w.pending.size > 0) w.worker.ref();
      else w.worker.unref();
    }
    // No worker left: what waits would wait forever.
    if (this.workers.length === 0)
      for (const { pending } of this.queue.splice(0))
        pending.reject(new Error("the worker pool has no worker left (closed or failed)"));
  }

  async close(): Promise<void> {
    this.closed = true;
    const closing = this.workers.splice(0);
    for (const w of closing) for (const timer of w.timers.values()) clearTimeout(timer);
    this.dispatch();
    await Promise.all(closing.map((w) => w.worker.terminate()));
  }

  private start(): PoolWorker {
    const fromSource = this.module.pathname.endsWith(".ts");
    const worker = fromSource
      ? new Worker(tsxBootstrap(this.module), { eval: true, ...this.workerOptions() })
      : new Worker(this.module, this.workerOptions());
    const entry: PoolWorker = {
      worker,
      pending: new Map(),
      timers: new Map(),
      ready: this.jobTimeoutMs === undefined,
    };
    worker.on("message", (message: { id: number; result?: unknown; error?: string; ready?: true }) => {
      if (message.ready) {
        entry.ready = true;
        this.dispatch();
        return;
      }
      const pending = entry.pending.get(message.id);
      if (!pending) return;
      entry.pending.delete(message.id);
      clearTimeout(entry.timers.get(message.id));
      entry.timers.delete(message.id);
      this.crashesInARow = 0;
      if (message.error === undefined) pending.resolve(message.result);
      else pending.reject(new Error(`a job failed in a worker: ${message.error}`));
      this.dispatch();
    });
    worker.on("error", (error: unknown) =>
      this.replace(entry, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on("exit", (code) => this.replace(entry, new Error(`worker exited with code ${code}`)));
    if (this.queue.length === 0) worker.unref();
    return entry;
  }

  /** A worker that failed or exited takes no more jobs; the ones it held fail with its error. */
  private retire(entry: PoolWorker, error: Error): void {
    const index = this.workers.indexOf(entry);
    if (index >= 0) this.workers.splice(index, 1);
    for (const timer of entry.timers.values()) clearTimeout(timer);
    entry.timers.clear();
    for (const pending of entry.pending.values()) pending.reject(error);
    entry.pending.clear();
  }

  private workerOptions(): { resourceLimits?: { maxOldGenerationSizeMb: number } } {
    return this.maxHeapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } };
  }

  /** A worker died (out of memory, a fault): its jobs fail, and a fresh one takes its place. */
  private replace(entry: PoolWorker, error: Error): void {
    if (!this.workers.includes(entry)) return;
    this.retire(entry, error);
    if (!this.closed && ++this.crashesInARow <= MAX_CRASHES_IN_A_ROW) this.workers.push(this.start());
    this.dispatch();
  }

  /** The job of `entry` ran over budget: stop its thread, fail the job, start a fresh worker. */
  private stopOverBudget(entry: PoolWorker): void {
    if (!this.workers.includes(entry)) return;
    this.retire(entry, new JobTimeoutError(this.jobTimeoutMs!));
    void entry.worker.terminate();
    if (!this.closed) this.workers.push(this.start());
    this.dispatch();
  }
}

export class WorkerExtractor {
  private readonly pool: WorkerPool<{ source: string; language: LanguageId }, FileFacts>;

  /** `module`: where extract-worker is when not beside this file (a bundle ships it beside itself). */
  constructor(options: WorkerPoolOptions & { module?: URL } = {}) {
    const fromSource = import.meta.url.endsWith(".ts");
    const url =
      options.module ?? new URL(fromSource ? "./extract-worker.ts" : "./extract-worker.js", import.meta.url);
    this.pool = new WorkerPool(url, options);
  }

  readonly extract = (source: string, language: LanguageId): Promise<FileFacts> =>
    this.pool.run({ source, language });

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Worker code that registers tsx's loader, then loads the TypeScript worker module. */
function tsxBootstrap(worker: URL): string {
  const api = import.meta.resolve("tsx/esm/api");
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker.href)}); });`;
}
