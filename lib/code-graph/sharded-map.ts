// A string-keyed map split into shards by a cheap hash of the key, so no one Map holds more than
// a small share of the entries. A JS Map grows by rehashing every entry in one step: at 20,000
// files diffEdges' map of a few hundred thousand edge keys did that in one task of 100-155 ms
// (issue 25 point 5: no task over 50 ms while indexing); a shard rehashes 1/SHARDS of it.
const SHARDS = 128;

export class ShardedMap<V> {
  readonly #shards: Map<string, V>[] = Array.from({ length: SHARDS }, () => new Map<string, V>());

  #shard(key: string): Map<string, V> {
    const n = key.length;
    // Keys here are ids sharing long prefixes: the last and middle characters vary most.
    const hash = (key.charCodeAt(n - 1) * 31 + key.charCodeAt(n >> 1) * 7 + n) | 0;
    return this.#shards[hash & (SHARDS - 1)]!;
  }

  get size(): number {
    let size = 0;
    for (const shard of this.#shards) size += shard.size;
    return size;
  }

  get(key: string): V | undefined {
    return this.#shard(key).get(key);
  }

  set(key: string, value: V): this {
    this.#shard(key).set(key, value);
    return this;
  }

  delete(key: string): boolean {
    return this.#shard(key).delete(key);
  }

  *keys(): Generator<string> {
    for (const shard of this.#shards) yield* shard.keys();
  }

  *values(): Generator<V> {
    for (const shard of this.#shards) yield* shard.values();
  }
}
