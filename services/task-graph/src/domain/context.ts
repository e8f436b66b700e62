// What every domain service works with: the (deadline-guarded) store, the write lock, the
// search indexer and the clock.
import type { GraphStore } from "../ports/graph-store.js";
import type { SearchIndexer } from "./search-indexer.js";
import type { WriteLock } from "./write-lock.js";

export interface DomainContext {
  store: GraphStore;
  lock: WriteLock;
  indexer: SearchIndexer;
  now: () => Date;
}
