// The vector index with every call bound to a deadline (deadlines.ts), delegated by name.
import type { VectorHit, VectorIndex, VectorItem, VectorQuery } from "../../ports/vector-index.js";
import type { Deadlines } from "./deadlines.js";

const WHAT = "vector index";

export class DeadlineVectorIndex implements VectorIndex {
  readonly backend: string;
  readonly reserve?: (items: number) => Promise<void>;
  readonly upsertMany?: (items: VectorItem[]) => Promise<void>;

  constructor(
    private readonly inner: VectorIndex,
    private readonly deadlines: Deadlines,
  ) {
    this.backend = inner.backend;
    // The optional methods exist here exactly when the inner index has them.
    const reserve = inner.reserve?.bind(inner);
    if (reserve) this.reserve = (items) => this.#bound(() => reserve(items));
    const upsertMany = inner.upsertMany?.bind(inner);
    if (upsertMany) this.upsertMany = (items) => this.#bound(() => upsertMany(items));
  }

  #bound<T>(call: () => Promise<T>): Promise<T> {
    return this.deadlines.call(WHAT, call);
  }

  init(): Promise<void> {
    return this.#bound(() => this.inner.init());
  }
  close(): Promise<void> {
    return this.#bound(() => this.inner.close());
  }
  ping(): Promise<void> {
    return this.#bound(() => this.inner.ping());
  }
  upsert(item: VectorItem): Promise<void> {
    return this.#bound(() => this.inner.upsert(item));
  }
  remove(key: string): Promise<void> {
    return this.#bound(() => this.inner.remove(key));
  }
  search(query: VectorQuery): Promise<VectorHit[]> {
    return this.#bound(() => this.inner.search(query));
  }
  size(): Promise<number> {
    return this.#bound(() => this.inner.size());
  }
}
