// Whether V8's full collections compact the old generation. Compaction moves the live objects out
// of fragmented pages and then updates every pointer to them, in the collection's final pause on
// the main thread. While a code repository of 20,000 files is indexed (millions of live objects)
// those pauses were the event loop's longest tasks, 60-140 ms of the thread's CPU (issue 25 point
// 5); without compaction the same run's longest was 45 ms, at the same RSS
// (bench/results/code-scale.md). Outside indexing, compaction is what keeps a long-running
// service's memory from fragmenting: in the runs so far an event stream's memory grew more
// without it (bench/results/events.md). So by default (`auto`) it is off only while code is
// being indexed and for COMPACTION_RESUMES_AFTER_MS after; `on` is V8's default, `off` never
// compacts. Set at start-up like heap-growth.ts (the flag is read at each collection).
import { setFlagsFromString } from "node:v8";

const MODES = ["auto", "on", "off"] as const;
type HeapCompactionMode = (typeof MODES)[number];

/** Called with true when a piece of code indexing starts and false when it ends (they nest). */
export type CodeWorkSignal = (working: boolean) => void;

/**
 * Compaction comes back this long after the last code work ends: a large upload is many request
 * bodies in a row, and each body is read and parsed before its work starts.
 */
export const COMPACTION_RESUMES_AFTER_MS = 30_000;

export interface CompactionDeps {
  setFlags?: (flags: string) => void;
  /** Runs `fn` after `ms` unless cancelled (the returned function). */
  later?: (fn: () => void, ms: number) => () => void;
}

const timer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms).unref();
  return () => clearTimeout(t);
};

export function setHeapCompaction(env: NodeJS.ProcessEnv, deps: CompactionDeps = {}): CodeWorkSignal {
  const { setFlags = setFlagsFromString, later = timer } = deps;
  const raw = env.HEAP_COMPACTION;
  const mode = (raw === undefined || raw === "" ? "auto" : raw) as HeapCompactionMode;
  if (!MODES.includes(mode)) {
    throw new Error(`HEAP_COMPACTION must be "auto", "on" or "off" (got "${raw}")`);
  }
  if (mode === "off") setFlags("--no-compact");
  if (mode !== "auto") return () => {};
  let working = 0;
  let compacting = true;
  let cancelResume: (() => void) | null = null;
  return (starts) => {
    working += starts ? 1 : -1;
    cancelResume?.();
    cancelResume = null;
    if (working > 0 && compacting) {
      setFlags("--no-compact");
      compacting = false;
    }
    if (working === 0 && !compacting)
      cancelResume = later(() => {
        setFlags("--compact");
        compacting = true;
        cancelResume = null;
      }, COMPACTION_RESUMES_AFTER_MS);
  };
}
