// Personalised PageRank over a weighted directed graph given as adjacency lists (nodes 0..n-1).
// Power iteration: r ← α·(W r + dangling·p) + (1 − α)·p, with W column-normalised by each node's
// out-weight, until the L1 change is under `tolerance`. Written here rather than taken from
// graphology: the graph is kept as flat typed arrays (file-graph.ts builds it once per graph
// state), and graphology's pagerank is not personalised (bench:context reports the time).

/** Adjacency lists as flat typed arrays: the out-edges of node i are k in offsets[i]..offsets[i+1]. */
export interface WeightedGraph {
  n: number;
  offsets: Int32Array;
  /** Target node of edge k, with weights[k] > 0. */
  targets: Int32Array;
  weights: Float64Array;
  /** Sum of node i's out-edge weights (0: dangling). */
  outWeight: Float64Array;
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
  const { n, offsets, targets, weights, outWeight } = graph;
  const alpha = options.alpha ?? 0.85;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 50;
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += personalization[i]!;
  for (let i = 0; i < n; i++) p[i] = total > 0 ? personalization[i]! / total : 1 / n;
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
      const share = r / outWeight[i]!;
      for (let k = offsets[i]!, end = offsets[i + 1]!; k < end; k++)
        next[targets[k]!]! += share * weights[k]!;
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
