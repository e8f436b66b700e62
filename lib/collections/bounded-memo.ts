/**
 * Keeps `value` under `key` in `memo` and returns it. The memo is bounded: when it already holds
 * `limit` entries it is emptied first (no recency to track on every hit, and the keys a workload
 * repeats come back at once). Callers on hot paths read the memo themselves and call this only on
 * a miss, so a hit costs one `get`.
 */
export function remember<K, V>(memo: Map<K, V>, key: K, value: V, limit: number): V {
  if (memo.size >= limit) memo.clear();
  memo.set(key, value);
  return value;
}
