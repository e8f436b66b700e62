// Long loops on a server's event loop give way now and then: after `sliceMs` of work, `tick()`
// waits for the next turn (setImmediate), so requests interleave with a 20,000-file build and no
// task holds the loop much longer than a slice (issue 25). `Yielder.never` keeps a loop
// synchronous in effect (a CLI has nothing to interleave with).
export class Yielder {
  static readonly never = new Yielder(Number.POSITIVE_INFINITY);
  #since = performance.now();

  constructor(readonly sliceMs = 8) {}

  /** Resolves at once inside a slice; after it, on the loop's next turn. */
  tick(): Promise<void> | undefined {
    if (performance.now() - this.#since < this.sliceMs) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.#since = performance.now();
        resolve();
      }),
    );
  }
}
