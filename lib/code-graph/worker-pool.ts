// Extraction on several cores: a pool of worker threads, each with its own WASM runtime and
// grammars, fed one file at a time (the least busy worker gets the next). Pass `pool.extract`
// as `CodeIndexer`'s `extract` option; `close()` ends the threads.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FileFacts } from "./facts.js";
import type { LanguageId } from "./languages.js";

interface Pending {
  resolve: (facts: FileFacts) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

export interface WorkerPoolOptions {
  /** @default the number of cores */
  threads?: number;
}

export class WorkerExtractor {
  private readonly workers: PoolWorker[];
  private nextId = 0;

  constructor(options: WorkerPoolOptions = {}) {
    const threads = options.threads ?? availableParallelism();
    if (!Number.isInteger(threads) || threads < 1) {
      throw new Error(`threads: expected a whole number ≥ 1, got ${threads}`);
    }
    this.workers = Array.from({ length: threads }, () => this.start());
  }

  readonly extract = (source: string, language: LanguageId): Promise<FileFacts> => {
    if (this.workers.length === 0)
      return Promise.reject(new Error("the extraction pool has no worker left (closed or failed)"));
    const target = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise<FileFacts>((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.ref();
      target.worker.postMessage({ id, source, language });
    });
  };

  async close(): Promise<void> {
    const closing = this.workers.splice(0);
    await Promise.all(closing.map((w) => w.worker.terminate()));
  }

  private start(): PoolWorker {
    // Compiled, this module is .js beside extract-worker.js; from source (tsx, vitest) the worker
    // is TypeScript and needs the tsx loader, which a worker does not inherit under every runner.
    const fromSource = import.meta.url.endsWith(".ts");
    const url = new URL(fromSource ? "./extract-worker.ts" : "./extract-worker.js", import.meta.url);
    const worker = fromSource ? new Worker(tsxBootstrap(url), { eval: true }) : new Worker(url);
    const entry: PoolWorker = { worker, pending: new Map() };
    worker.on("message", (message: { id: number; facts?: FileFacts; error?: string }) => {
      const pending = entry.pending.get(message.id);
      if (!pending) return;
      entry.pending.delete(message.id);
      // An idle pool does not keep the process alive.
      if (entry.pending.size === 0) worker.unref();
      if (message.facts) pending.resolve(message.facts);
      else pending.reject(new Error(`extraction failed in a worker: ${message.error}`));
    });
    worker.on("error", (error: unknown) =>
      this.retire(entry, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on("exit", (code) => this.retire(entry, new Error(`extraction worker exited with code ${code}`)));
    worker.unref();
    return entry;
  }

  /** A worker that failed or exited takes no more jobs; the ones it held fail with its error. */
  private retire(entry: PoolWorker, error: Error): void {
    const index = this.workers.indexOf(entry);
    if (index >= 0) this.workers.splice(index, 1);
    for (const pending of entry.pending.values()) pending.reject(error);
    entry.pending.clear();
  }
}

/** Worker code that registers tsx's loader, then loads the TypeScript worker module. */
function tsxBootstrap(worker: URL): string {
  const api = import.meta.resolve("tsx/esm/api");
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker.href)}); });`;
}
