// Long loops on a server's event loop give way now and then: after `sliceMs` of work, `tick()`
// waits for the loop's next turn, so requests interleave with a 20,000-file build and no task
// holds the loop much longer than a slice (issue 25). `Yielder.never` keeps a loop synchronous in
// effect (a CLI has nothing to interleave with).
//
// The turns are shared (nextTurn): every waiting loop of the process queues, and each turn of the
// event loop resumes one of them. With a plain setImmediate each, the loops that gave way together
// (an upload's graph update, its store write, the search mirror, the vector sync, the next body's
// parse) all resumed in the same check phase, one slice after another: one task of five or six
// slices, 60-190 ms at 20,000 files, though each loop kept to its budget.

/**
 * Small steps of a loop (a map entry, an edge, a symbol) between two looks at the clock. While V8
 * marks the heap, every 64 KB a task allocates costs up to 5 ms more on the main thread: 2,000
 * edges between looks were tasks of 40-55 ms at 20,000 files (issue 25 point 5). A look costs
 * ~30 ns; at this rate it is lost in the steps.
 */
export const STEPS_PER_LOOK = 128;

const waiting: (() => void)[] = [];
let scheduled = false;

function resumeOne(): void {
  scheduled = false;
  const next = waiting.shift();
  // Scheduled from inside the check phase, the next one runs on the loop's next turn.
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(resumeOne);
}

/** Resolves on a later turn of the event loop, at most one waiter a turn, first come first served. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

export class Yielder {
  static readonly never = new Yielder(Number.POSITIVE_INFINITY);
  #since = performance.now();

  constructor(readonly sliceMs = 8) {}

  /** Resolves at once inside a slice; after it, on a later turn (nextTurn). */
  tick(): Promise<void> | undefined {
    if (performance.now() - this.#since < this.sliceMs) return undefined;
    return nextTurn().then(() => {
      this.#since = performance.now();
    });
  }
}
