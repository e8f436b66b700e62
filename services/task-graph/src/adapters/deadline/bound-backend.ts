// What every deadline-bound port shares: the lifecycle calls and binding one call to the deadline.
import type { Deadlines } from "./deadlines.js";

interface Lifecycle {
  init(): Promise<void>;
  close(): Promise<void>;
  ping(): Promise<void>;
}

export abstract class BoundBackend<P extends Lifecycle> {
  constructor(
    protected readonly inner: P,
    private readonly deadlines: Deadlines,
    /** How failures name the backend, e.g. "graph store". */
    private readonly what: string,
  ) {}

  protected bound<T>(call: () => Promise<T>): Promise<T> {
    return this.deadlines.call(this.what, call);
  }

  init(): Promise<void> {
    return this.bound(() => this.inner.init());
  }
  close(): Promise<void> {
    return this.bound(() => this.inner.close());
  }
  ping(): Promise<void> {
    return this.bound(() => this.inner.ping());
  }
}
