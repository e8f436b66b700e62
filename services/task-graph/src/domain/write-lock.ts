// Serialises check-then-write sequences (cycle check + edge insert, name check + insert) so two
// requests cannot both pass a check that only one of them may pass. Inside the lock, reads see
// writes not yet durable (see ports/write-scope.ts); outside it they see only durable ones.
import type { WriteVisibility } from "../ports/graph-store.js";
import { runInWriteScope } from "../ports/write-scope.js";

export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  /** `visibility`: the store's (GraphStore.writeVisibility), which decides when settle() returns. */
  constructor(private readonly visibility: WriteVisibility) {}

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => runInWriteScope(fn));
    this.tail = result.catch(() => {});
    return result;
  }

  /**
   * A store write started under the lock, handed back once the next writer would see it: at
   * once for a store whose writes are visible on call (the lock is released before the fsync, so
   * concurrent writers share one), else once it resolves. `durable` is what to acknowledge on.
   */
  async settle<T>(write: Promise<T>): Promise<PendingWrite<T>> {
    if (this.visibility === "on-call") {
      write.catch(() => {});
      return { durable: write };
    }
    await write;
    return { durable: write };
  }
}

/** A write's durability promise carried out of the lock without being awaited inside it. */
export interface PendingWrite<T> {
  durable: Promise<T>;
}
