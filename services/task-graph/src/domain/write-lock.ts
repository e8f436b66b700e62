// Serialises check-then-write sequences (cycle check + edge insert, name check + insert) so two
// requests cannot both pass a check that only one of them may pass. Inside the lock, reads see
// writes not yet durable (see ports/write-scope.ts); outside it they see only durable ones.
import { runInWriteScope } from "../ports/write-scope.js";

export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => runInWriteScope(fn));
    this.tail = result.catch(() => {});
    return result;
  }
}

/** A write's durability promise carried out of the lock without being awaited inside it. */
export interface PendingWrite<T> {
  durable: Promise<T>;
}

/**
 * For stores whose writes are visible at call time, hand the durability wait to the caller so
 * the lock is released at once and concurrent writers share one fsync; otherwise wait here.
 */
export async function settle<T>(write: Promise<T>, visibleAtCall: boolean): Promise<PendingWrite<T>> {
  if (visibleAtCall) {
    write.catch(() => {});
    return { durable: write };
  }
  await write;
  return { durable: write };
}
