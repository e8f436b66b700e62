// Which reads may see writes that are not durable yet. Code holding the domain's write lock
// (check-then-write: cycle check + insert, unique name + insert) must see every write applied
// before it, durable or not, or group commit would let two writers pass a check only one may
// pass. Every other read sees only durable state, so a write the disk then refuses is never
// visible. Stores whose writes are visible before they are durable (writeVisibility "on-call") ask
// inWriteScope() to choose.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<true>();

/** Runs `fn` (and everything it awaits) as a writer holding the write lock. */
export function runInWriteScope<T>(fn: () => T): T {
  return scope.run(true, fn);
}

export function inWriteScope(): boolean {
  return scope.getStore() === true;
}
