// Synthetic task graphs for the graph benchmarks: n issues in 8 layers (depth <= 7 edges), each
// issue above layer 0 depending on about 2 issues of lower layers (mostly the layer below).
import { randomUUID } from "node:crypto";
import type { DependencyEdge, IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { rng } from "./search-corpus.js";

export const LAYERS = 8;

export interface SyntheticDag {
  issues: IssueRecord[];
  edges: DependencyEdge[];
  /** Issue ids per layer, layer 0 = no prerequisites. */
  layers: string[][];
}

export function syntheticDag(n: number, seed = 42): SyntheticDag {
  const random = rng(seed);
  const at = "2026-11-21T00:00:00.000";
  const issues: IssueRecord[] = [];
  const layers: string[][] = Array.from({ length: LAYERS }, () => []);
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const layer = Math.floor((i * LAYERS) / n);
    layers[layer]!.push(id);
    issues.push({
      id,
      title: `Synthetic issue ${i}`,
      description: `Layer ${layer} of the benchmark graph.`,
      status: random() < 0.3 ? "CLOSED" : "OPEN",
      priority: (["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const)[i % 4]!,
      component_id: null,
      labels: [`layer-${layer}`],
      created_at: at,
      updated_at: at,
      closed_at: null,
    });
  }
  const edges: DependencyEdge[] = [];
  for (let layer = 1; layer < LAYERS; layer++) {
    for (const id of layers[layer]!) {
      const targets = new Set<string>();
      // out-degree 1..3 (mean 2); 80% into the layer just below, the rest anywhere lower
      const degree = 1 + Math.floor(random() * 3);
      while (targets.size < degree) {
        const below = random() < 0.8 ? layer - 1 : Math.floor(random() * layer);
        const pool = layers[below]!;
        targets.add(pool[Math.floor(random() * pool.length)]!);
      }
      for (const t of targets) edges.push({ issue_id: id, depends_on_id: t });
    }
  }
  return { issues, edges, layers };
}

export function pickSome<T>(xs: T[], count: number, seed = 7): T[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => xs[Math.floor(random() * xs.length)]!);
}
