// Scanning on several cores when there are many files to parse (a first scan): worker threads
// (lib/code-graph's pool) running scan-worker.ts with the default scanners. Several services:
// each is scanned whole on a worker (parse, extract, link), so the scanning thread neither
// receives nor parses their facts. One big service: its files are parsed and extracted on the
// workers and linked here.

import { availableParallelism } from "node:os";
import { WorkerPool } from "../../../lib/code-graph/index.js";
import type { FileToExtract } from "./extract-file.js";
import { type ManifestCache, withJson } from "./manifest-cache.js";
import type { ScannedService } from "./scan-service.js";
import type { ServiceJob } from "./scan-worker.js";

/** Below this many files to parse, starting workers (~0.2 s each) costs more than it saves. */
export const POOL_MIN_FILES = 100;

/**
 * Worker threads for a scan: E2E_MANIFEST_THREADS (0: none, parse in the scanning thread), else
 * as many as the cores, at most 4.
 */
export function poolThreads(): number {
  const set = process.env.E2E_MANIFEST_THREADS;
  if (set !== undefined && set !== "") {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`E2E_MANIFEST_THREADS: expected a whole number ≥ 0, got ${JSON.stringify(set)}`);
    return n;
  }
  return Math.min(4, availableParallelism());
}

export class ExtractPool {
  readonly #pool: WorkerPool<
    { file: FileToExtract; keys: readonly string[] } | { service: ServiceJob },
    string | (ScannedService & { cacheText?: string })
  >;

  constructor(threads: number) {
    const fromSource = import.meta.url.endsWith(".ts");
    const url = new URL(fromSource ? "./scan-worker.ts" : "./scan-worker.js", import.meta.url);
    this.#pool = new WorkerPool(url, { threads });
  }

  readonly extract = (file: FileToExtract, keys: readonly string[]): Promise<Record<string, unknown>> =>
    this.#pool.run({ file, keys }).then((json) => {
      const text = json as string;
      return withJson(JSON.parse(text) as Record<string, unknown>, text);
    });

  /**
   * A whole service scanned on a worker (extract and link): the scanning thread then only
   * collects results, and the root's new cache text goes to `cache` to be written on save.
   */
  async scan(job: ServiceJob, cache: ManifestCache): Promise<ScannedService> {
    const { cacheText, ...result } = (await this.#pool.run({ service: job })) as ScannedService & {
      cacheText?: string;
    };
    if (cacheText !== undefined) cache.setText(job.displayRoot, cacheText);
    return result;
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}
