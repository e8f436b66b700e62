// Each scenario module is compiled, run and dropped. V8 promotes the compiled code to the old
// generation (it lives across the module's network waits) and, with nothing forcing a major GC,
// lets the heap grow with every module: peak memory would then scale with the number of modules
// although almost nothing stays alive. A full collection every few hundred modules keeps the
// peak flat for a few milliseconds each time (well under 0.1 ms per module).

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const EVERY = 250;

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null; // unavailable in this runtime: memory just grows as V8 decides
    }
  }
  return collect;
}

export class HeapTrim {
  private count = 0;

  /** Call after each module; collects once every EVERY modules. */
  afterModule(): void {
    if (++this.count % EVERY === 0) collector()?.();
  }
}
