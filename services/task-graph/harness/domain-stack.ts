// The domain on the embedded adapters, in process and without HTTP: graph store, hashing
// embedder, vector index, search service and a DomainContext on a given clock. For domain tests
// and benchmarks that call the analyses directly.
import { HashingEmbedder } from "../../../lib/embedding/index.js";
import { EmbeddedGraphStore } from "../src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../src/adapters/embedded-vector/index.js";
import type { DomainContext } from "../src/domain/context.js";
import { SearchService } from "../src/domain/search/index.js";
import { BestEffortIndexer } from "../src/domain/search-indexer.js";
import { WriteLock } from "../src/domain/write-lock.js";
import type { GraphStore } from "../src/ports/graph-store.js";

/** A context over `store` whose writes index nothing (callers index what they need themselves). */
export function plainContext(store: GraphStore, now: () => Date): DomainContext {
  return {
    store,
    lock: new WriteLock(store.writeVisibility),
    indexer: new BestEffortIndexer(null, 1000, { warn() {} }),
    now,
  };
}

export async function embeddedDomain(now: () => Date) {
  const store = new EmbeddedGraphStore();
  await store.init();
  const embedder = new HashingEmbedder();
  const vectors = new EmbeddedVectorIndex();
  await vectors.init();
  const search = new SearchService(vectors, embedder);
  return { store, embedder, vectors, search, ctx: plainContext(store, now) };
}
