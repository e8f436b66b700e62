// Personalised PageRank over a weighted directed graph given as adjacency lists (nodes 0..n-1).
// Power iteration: r ← α·(W r + dangling·p) + (1 − α)·p, with W column-normalised by each node's
// out-weight, until the L1 change is under `tolerance`. Written here rather than taken from
// graphology: the graph is built per request from typed arrays, and graphology's pagerank is not
// personalised (bench:context reports the time).

export interface WeightedGraph {
  n: number;
  /** Out-edges of node i: targets[i][k] with weights[i][k] > 0. */
  targets: number[][];
  weights: number[][];
}

export interface PageRankOptions {
  /** Damping: the share of rank that follows edges. @default 0.85 */
  alpha?: number;
  /** @default 1e-6 */
  tolerance?: number;
  /** @default 50 */
  maxIterations?: number;
}

/** Ranks summing to 1; `personalization` need not be normalised (all zero means uniform). */
export function personalizedPageRank(
  graph: WeightedGraph,
  personalization: Float64Array,
  options: PageRankOptions = {},
): Float64Array {
  const { n, targets, weights } = graph;
  const alpha = options.alpha ?? 0.85;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 50;
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += personalization[i]!;
  for (let i = 0; i < n; i++) p[i] = total > 0 ? personalization[i]! / total : 1 / n;
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) for (const w of weights[i]!) outWeight[i]! += w;
  let rank = Float64Array.from(p);
  let next = new Float64Array(n);
  for (let iter = 0; iter < maxIterations; iter++) {
    next.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const r = rank[i]!;
      if (outWeight[i] === 0) {
        dangling += r;
        continue;
      }
      const ts = targets[i]!;
      const ws = weights[i]!;
      const share = r / outWeight[i]!;
      for (let k = 0; k < ts.length; k++) next[ts[k]!]! += share * ws[k]!;
    }
    let change = 0;
    for (let i = 0; i < n; i++) {
      const v = alpha * (next[i]! + dangling * p[i]!) + (1 - alpha) * p[i]!;
      change += Math.abs(v - rank[i]!);
      next[i] = v;
    }
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return rank;
}
