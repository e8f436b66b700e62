// Maps and sets split into shards by a hash of the key, so that no one JS Map holds more than a
// small share of the entries. A Map grows by rehashing every entry in one step: at 20,000 code
// files the task graph's maps of symbols, edge targets and index terms (hundreds of thousands to
// millions of keys) did that in one task of 50-150 ms (issue 25 point 5: no task over 50 ms while
// indexing); a shard rehashes 1/SHARDS of it.

const SHARDS = 128;
/** Characters hashed, from the end: keys here are ids and paths whose prefixes are shared. */
const HASHED_CHARS = 32;

/** FNV-1a over the key's last characters and its length. */
export function shardOf(key: string): number {
  const n = key.length;
  let hash = 0x811c9dc5 ^ n;
  for (let i = n - 1, stop = Math.max(0, n - HASHED_CHARS); i >= stop; i--) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  }
  return (hash ^ (hash >>> 16)) & (SHARDS - 1);
}

/** A string-keyed Map in shards (the subset of Map's API the callers need). */
export class ShardedMap<V> implements Iterable<[string, V]> {
  readonly #shards: Map<string, V>[] = Array.from({ length: SHARDS }, () => new Map<string, V>());

  get size(): number {
    let size = 0;
    for (const shard of this.#shards) size += shard.size;
    return size;
  }

  get(key: string): V | undefined {
    return this.#shards[shardOf(key)]!.get(key);
  }

  has(key: string): boolean {
    return this.#shards[shardOf(key)]!.has(key);
  }

  set(key: string, value: V): this {
    this.#shards[shardOf(key)]!.set(key, value);
    return this;
  }

  delete(key: string): boolean {
    return this.#shards[shardOf(key)]!.delete(key);
  }

  clear(): void {
    for (const shard of this.#shards) shard.clear();
  }

  *keys(): Generator<string> {
    for (const shard of this.#shards) yield* shard.keys();
  }

  *values(): Generator<V> {
    for (const shard of this.#shards) yield* shard.values();
  }

  *entries(): Generator<[string, V]> {
    for (const shard of this.#shards) yield* shard.entries();
  }

  [Symbol.iterator](): Generator<[string, V]> {
    return this.entries();
  }
}

/** A string Set in shards, for the same reason. */
export class ShardedSet implements Iterable<string> {
  readonly #shards: Set<string>[] = Array.from({ length: SHARDS }, () => new Set<string>());

  get size(): number {
    let size = 0;
    for (const shard of this.#shards) size += shard.size;
    return size;
  }

  has(key: string): boolean {
    return this.#shards[shardOf(key)]!.has(key);
  }

  add(key: string): this {
    this.#shards[shardOf(key)]!.add(key);
    return this;
  }

  delete(key: string): boolean {
    return this.#shards[shardOf(key)]!.delete(key);
  }

  clear(): void {
    for (const shard of this.#shards) shard.clear();
  }

  *[Symbol.iterator](): Generator<string> {
    for (const shard of this.#shards) yield* shard;
  }
}
