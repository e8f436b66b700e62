// Extraction on several cores for a scan with many files to parse (a first scan): worker
// threads (lib/code-graph's pool) running scan-worker.ts with the default scanners. Parsing and
// extracting are ~70% of a cold scan's CPU; the scanning thread links services meanwhile.

import { availableParallelism } from "node:os";
import { WorkerPool } from "../../../lib/code-graph/index.js";
import type { FileToExtract } from "./extract-file.js";

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
  readonly #pool: WorkerPool<{ file: FileToExtract; keys: readonly string[] }, Record<string, unknown>>;

  constructor(threads: number) {
    const fromSource = import.meta.url.endsWith(".ts");
    const url = new URL(fromSource ? "./scan-worker.ts" : "./scan-worker.js", import.meta.url);
    this.#pool = new WorkerPool(url, { threads });
  }

  readonly extract = (file: FileToExtract, keys: readonly string[]): Promise<Record<string, unknown>> =>
    this.#pool.run({ file, keys });

  close(): Promise<void> {
    return this.#pool.close();
  }
}
