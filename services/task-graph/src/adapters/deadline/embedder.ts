// The embedder with every call bound to a deadline (deadlines.ts).
import type { Embedder } from "../../ports/embedder.js";
import type { Deadlines } from "./deadlines.js";

export class DeadlineEmbedder implements Embedder {
  readonly name: string;

  constructor(
    private readonly inner: Embedder,
    private readonly deadlines: Deadlines,
  ) {
    this.name = inner.name;
  }

  /** Read through: an HTTP embedder learns its dimension from its first answer. */
  get dimension(): number {
    return this.inner.dimension;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return this.deadlines.call("embedder", () => this.inner.embed(texts));
  }
}
