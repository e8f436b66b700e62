// Whether V8's full collections compact the old generation. Compaction moves the live objects out
// of fragmented pages and then updates every pointer to them, in the collection's final pause on
// the main thread. With a code index of 20,000 files (millions of live objects) those pauses were
// the event loop's longest tasks while indexing, 60-140 ms of the thread's CPU (issue 25 point 5);
// without compaction the same run's longest was 45 ms, at the same RSS (bench/results/code-scale.md).
// Pages left empty are still freed and partly empty ones are reused. Set at start-up like
// heap-growth.ts (the flag is read at each collection). HEAP_COMPACTION=on restores V8's default.
import { setFlagsFromString } from "node:v8";

export function setHeapCompaction(env: NodeJS.ProcessEnv): void {
  const raw = env.HEAP_COMPACTION;
  const value = raw === undefined || raw === "" ? "off" : raw;
  if (value !== "on" && value !== "off") {
    throw new Error(`HEAP_COMPACTION must be "on" or "off" (got "${raw}")`);
  }
  if (value === "off") setFlagsFromString("--no-compact");
}
