// The hot loop of exact search. Storage is column-major (one contiguous column of `capacity`
// floats per dimension), so scoring is a sequence of axpy passes `scores += q[j] * column_j`
// that the JIT runs as tight sequential loops. Query components that are zero are skipped:
// short texts through the hashing embedder touch ~15% of the dimensions, so a typical query
// reads only those columns (measured several times faster than a row-major gather).
import type { TopK } from "./top-k.js";

export function scoreColumns(
  data: Float32Array,
  capacity: number,
  count: number,
  query: Float32Array,
  scores: Float64Array,
): void {
  scores.fill(0, 0, count);
  for (let j = 0; j < query.length; j++) {
    const qj = query[j]!;
    if (qj === 0) continue;
    const column = data.subarray(j * capacity, j * capacity + count);
    for (let row = 0; row < count; row++) scores[row]! += qj * column[row]!;
  }
}

export function collectTop(
  scores: Float64Array,
  count: number,
  typeCodes: Int32Array,
  allowed: Set<number> | null,
  top: TopK,
): void {
  for (let row = 0; row < count; row++) {
    const score = scores[row]!;
    if (score <= top.threshold) continue;
    if (allowed !== null && !allowed.has(typeCodes[row]!)) continue;
    top.offer(row, score);
  }
}
