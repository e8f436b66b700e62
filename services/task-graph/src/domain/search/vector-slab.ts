// Vectors kept for a long time (the index cache's, one per document) as views into shared
// buffers instead of one ArrayBuffer each. 200k small ArrayBuffers made every collection walk
// their backing stores, and the collector's pauses held the event loop 70-140 ms while a
// 20,000-file repository was indexed (issue 25 point 5). A slab is freed with its last view, so
// churn can leave a slab partly used: bounded by the vectors alive at any time plus one slab's
// worth per slab of old ones still referenced.
const SLAB_FLOATS = 256 * 1024;

export class VectorSlab {
  #slab = new Float32Array(0);
  #used = 0;

  /** A copy of `vector` in the current slab (a new slab when it is full). */
  keep(vector: Float32Array): Float32Array {
    const n = vector.length;
    if (n > SLAB_FLOATS) return vector.slice();
    if (this.#used + n > this.#slab.length) {
      this.#slab = new Float32Array(SLAB_FLOATS);
      this.#used = 0;
    }
    const view = this.#slab.subarray(this.#used, this.#used + n);
    view.set(vector);
    this.#used += n;
    return view;
  }
}
