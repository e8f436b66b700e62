// Work on several cores: a pool of worker threads, each with its own WASM runtime and grammars,
// fed one job at a time (the least busy worker gets the next). `WorkerPool` runs any worker
// module that answers `{ id, ...job }` with `{ id, result }` or `{ id, error }`;
// `WorkerExtractor` is the pool of extract-worker.ts: pass `pool.extract` as `CodeIndexer`'s
// `extract` option. `close()` ends the threads.
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
}

/** Jobs sent ahead to one worker: the next is already there when one finishes. */
const IN_FLIGHT = 2;

export interface WorkerPoolOptions {
  /** @default the number of cores */
  threads?: number;
}

export class WorkerPool<Job extends object, Result> {
  private readonly workers: PoolWorker[];
  private nextId = 0;

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
      const target = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      if (target.pending.size >= IN_FLIGHT) return;
      const { job, pending } = this.queue.shift()!;
      const id = this.nextId++;
      target.pending.set(id, pending);
      target.worker.ref();
      target.worker.postMessage({ ...job, id });
    }
    // No worker left: what waits would wait forever.
    if (this.workers.length === 0)
      for (const { pending } of this.queue.splice(0))
        pending.reject(new Error("the worker pool has no worker left (closed or failed)"));
  }

  async close(): Promise<void> {
    const closing = this.workers.splice(0);
    this.dispatch();
    await Promise.all(closing.map((w) => w.worker.terminate()));
  }

  private start(): PoolWorker {
    const fromSource = this.module.pathname.endsWith(".ts");
    const worker = fromSource
      ? new Worker(tsxBootstrap(this.module), { eval: true })
      : new Worker(this.module);
    const entry: PoolWorker = { worker, pending: new Map() };
    worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const pending = entry.pending.get(message.id);
      if (!pending) return;
      entry.pending.delete(message.id);
      // An idle pool does not keep the process alive.
      if (entry.pending.size === 0) worker.unref();
      if (message.error === undefined) pending.resolve(message.result);
      else pending.reject(new Error(`a job failed in a worker: ${message.error}`));
      this.dispatch();
    });
    worker.on("error", (error: unknown) =>
      this.retire(entry, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on("exit", (code) => this.retire(entry, new Error(`worker exited with code ${code}`)));
    worker.unref();
    return entry;
  }

  /** A worker that failed or exited takes no more jobs; the ones it held fail with its error. */
  private retire(entry: PoolWorker, error: Error): void {
    const index = this.workers.indexOf(entry);
    if (index >= 0) this.workers.splice(index, 1);
    for (const pending of entry.pending.values()) pending.reject(error);
    entry.pending.clear();
    this.dispatch();
  }
}

export class WorkerExtractor {
  private readonly pool: WorkerPool<{ source: string; language: LanguageId }, FileFacts>;

  constructor(options: WorkerPoolOptions = {}) {
    const fromSource = import.meta.url.endsWith(".ts");
    const url = new URL(fromSource ? "./extract-worker.ts" : "./extract-worker.js", import.meta.url);
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
