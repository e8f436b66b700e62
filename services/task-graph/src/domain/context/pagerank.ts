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
  const { n } = graph;
  const alpha = options.alpha ?? 0.85;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 50;
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += personalization[i]!;
  for (let i = 0; i < n; i++) p[i] = total > 0 ? personalization[i]! / total : 1 / n;
  const { offsets, flatTargets, flatWeights, outWeight } = compact(graph);
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
        next[flatTargets[k]!]! += share * flatWeights[k]!;
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

interface CompactGraph {
  offsets: Int32Array;
  flatTargets: Int32Array;
  flatWeights: Float64Array;
  outWeight: Float64Array;
}

/** The adjacency lists as flat typed arrays (same order, so the same sums), made once per graph. */
const compacted = new WeakMap<WeightedGraph, CompactGraph>();

function compact(graph: WeightedGraph): CompactGraph {
  let found = compacted.get(graph);
  if (found) return found;
  const { n, targets, weights } = graph;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + targets[i]!.length;
  const flatTargets = new Int32Array(offsets[n]!);
  const flatWeights = new Float64Array(offsets[n]!);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    flatTargets.set(targets[i]!, offsets[i]!);
    flatWeights.set(weights[i]!, offsets[i]!);
    for (const w of weights[i]!) outWeight[i]! += w;
  }
  found = { offsets, flatTargets, flatWeights, outWeight };
  compacted.set(graph, found);
  return found;
}
