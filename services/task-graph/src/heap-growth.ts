// How far V8 lets the old generation grow past what is live before its next full collection.
// By default V8 picks a factor up to 4× from the allocation rate; an agent/context request
// allocates ~MBs of short-lived garbage over a ~280 MB live heap (the code index), so a burst of
// requests grew the heap to ~670 MiB RSS of mostly dead objects (bench:context-speed). 1.25× keeps
// it near 470 MiB for ~no extra CPU per request (results/context-speed.md). The flag is read at
// each collection, so setting it at start-up applies however the process was launched (bundle,
// Docker CMD, tsx). HEAP_GROWING_PERCENT overrides it; 0 leaves V8's own choice.
import { setFlagsFromString } from "node:v8";

const DEFAULT_HEAP_GROWING_PERCENT = 25;

export function limitHeapGrowth(env: NodeJS.ProcessEnv): void {
  const raw = env.HEAP_GROWING_PERCENT;
  const percent = raw === undefined || raw === "" ? DEFAULT_HEAP_GROWING_PERCENT : Number(raw);
  if (!Number.isInteger(percent) || percent < 0) {
    throw new Error(`HEAP_GROWING_PERCENT must be a whole number >= 0 (got "${raw}")`);
  }
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
