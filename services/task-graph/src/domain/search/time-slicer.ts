// Long work on the event loop (mirroring a 20,000-file upload into search) cut into slices: the
// worker calls pause() between small steps, and every `budgetMs` of work it yields once (for a
// turn of the loop it shares with every other sliced loop: lib/code-graph's nextTurn), so requests
// and /health are answered in between. A budget rather than a fixed count of steps: one step can
// be a 1 MB file or a one-line symbol.
import { nextTurn } from "../../../../../lib/turns/index.js";

/** Work between two yields, well under the 50 ms an event-loop task may take (issue 25). */
const SLICE_MS = 10;

export class TimeSlicer {
  #since = performance.now();

  constructor(readonly budgetMs = SLICE_MS) {}

  /** True once this slice's budget is spent: the next pause() yields. */
  get due(): boolean {
    return performance.now() - this.#since >= this.budgetMs;
  }

  /** Yields to the event loop when the budget is spent; otherwise returns at once. */
  async pause(): Promise<void> {
    if (!this.due) return;
    await nextTurn();
    this.#since = performance.now();
  }
}
