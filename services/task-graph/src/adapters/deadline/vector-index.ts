// The vector index with every call bound to a deadline (deadlines.ts), delegated by name.
import type { VectorHit, VectorIndex, VectorItem, VectorQuery } from "../../ports/vector-index.js";
import { BoundBackend } from "./bound-backend.js";
import type { Deadlines } from "./deadlines.js";

export class DeadlineVectorIndex extends BoundBackend<VectorIndex> implements VectorIndex {
  readonly backend: string;
  readonly reserve?: (items: number) => Promise<void>;
  readonly upsertMany?: (items: VectorItem[]) => Promise<void>;

  constructor(inner: VectorIndex, deadlines: Deadlines) {
    super(inner, deadlines, "vector index");
    this.backend = inner.backend;
    // The optional methods exist here exactly when the inner index has them.
    const reserve = inner.reserve?.bind(inner);
    if (reserve) this.reserve = (items) => this.bound(() => reserve(items));
    const upsertMany = inner.upsertMany?.bind(inner);
    if (upsertMany) this.upsertMany = (items) => this.bound(() => upsertMany(items));
  }

  upsert(item: VectorItem): Promise<void> {
    return this.bound(() => this.inner.upsert(item));
  }
  remove(key: string): Promise<void> {
    return this.bound(() => this.inner.remove(key));
  }
  search(query: VectorQuery): Promise<VectorHit[]> {
    return this.bound(() => this.inner.search(query));
  }
  size(): Promise<number> {
    return this.bound(() => this.inner.size());
  }
}
