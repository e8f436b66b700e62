// Keeps the vector index in step with the search service when its backend comes and goes. Every
// interval it initialises the index if that failed at start, then lets SearchService.syncVectors()
// write what failed writes left behind, or everything when the index lost items (a Redis restarted
// without persistence). Until then search answers 503 and /health says the vectors are down; the
// graph, the record of truth, is never touched.
import type { VectorIndex } from "../../ports/vector-index.js";
import type { SearchService } from "./index.js";

export interface VectorSyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface VectorSyncOptions {
  /** Time between two checks. */
  intervalMs: number;
  /** False when vectors.init() failed at start: the first successful check initialises it. */
  initialised: boolean;
  log: VectorSyncLog;
}

export class VectorSync {
  #initialised: boolean;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** Logged once per outage, not once per check. */
  #failing = false;

  constructor(
    private readonly search: SearchService,
    private readonly vectors: VectorIndex,
    private readonly options: VectorSyncOptions,
  ) {
    this.#initialised = options.initialised;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.check(), this.options.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One check; concurrent calls share the one in progress. */
  check(): Promise<void> {
    this.#running ??= this.#check().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #check(): Promise<void> {
    const { log } = this.options;
    try {
      if (!this.#initialised) {
        await this.vectors.init();
        this.#initialised = true;
      }
      const result = await this.search.syncVectors();
      if (this.#failing || result.upserted || result.removed) {
        log.info(
          { backend: this.vectors.backend, ...result },
          "vector index back in step with the search service",
        );
      }
      this.#failing = false;
    } catch (err) {
      if (!this.#failing) {
        log.warn({ err, backend: this.vectors.backend }, "vector index still unavailable; will retry");
      }
      this.#failing = true;
    }
  }
}
