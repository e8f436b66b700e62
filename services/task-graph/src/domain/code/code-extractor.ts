// Where the code graph parses: worker threads, never the event loop (issue 25). A file that runs
// over the time budget has its thread stopped and is indexed without symbols. The threads start
// on first use (most starts index no code) and leave one core to the requests.
import { availableParallelism } from "node:os";
import { type FactExtractor, WorkerExtractor } from "../../../../../lib/code-graph/index.js";

export interface CodeExtractor {
  readonly extract: FactExtractor;
  close(): Promise<void>;
}

export interface ThreadedExtractorOptions {
  /** CODE_PARSE_BUDGET_MS. */
  budgetMs: number;
  /** The worker module (a bundle ships it beside itself); default: lib/code-graph's own. */
  module?: URL;
  /** @default the cores less one, at least one */
  threads?: number;
}

/** A worker's heap: far above what parsing a capped file needs, far below the service's. */
const WORKER_HEAP_MB = 256;

export class ThreadedExtractor implements CodeExtractor {
  #pool: WorkerExtractor | null = null;
  #closed = false;

  constructor(private readonly options: ThreadedExtractorOptions) {}

  readonly extract: FactExtractor = (source, language) => {
    if (this.#closed) return Promise.reject(new Error("the code parser is closed (the service is stopping)"));
    this.#pool ??= new WorkerExtractor({
      threads: this.options.threads ?? Math.max(1, availableParallelism() - 1),
      jobTimeoutMs: this.options.budgetMs,
      maxHeapMb: WORKER_HEAP_MB,
      ...(this.options.module ? { module: this.options.module } : {}),
    });
    return this.#pool.extract(source, language);
  };

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.close();
  }
}
