// Breadth-first walks over the adjacency sets. Parents are kept instead of per-node paths so a
// walk over 100k nodes allocates one map, and paths are rebuilt only for what is returned.
import type { Direction, WalkResult, WalkStep } from "../../ports/graph-store.js";
import type { GraphState } from "./graph-state.js";

export function walk(state: GraphState, start: string, direction: Direction, maxDepth: number): WalkResult {
  const edges = direction === "dependents" ? state.blocks : state.dependsOn;
  const parent = new Map<string, string>();
  const depthOf = new Map<string, number>([[start, 0]]);
  const order: string[] = [];
  let frontier = [start];
  let truncated = false;
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth === maxDepth) {
      truncated = frontier.some((id) => [...(edges.get(id) ?? [])].some((n) => !depthOf.has(n)));
      break;
    }
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of edges.get(id) ?? []) {
        if (depthOf.has(n)) continue;
        depthOf.set(n, depth + 1);
        parent.set(n, id);
        order.push(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  const steps: WalkStep[] = order.map((id) => ({ id, depth: depthOf.get(id)!, path: pathTo(parent, id) }));
  return { steps, truncated };
}

/** Shortest DEPENDS_ON path from `from` to `to` (both included), stopping as soon as `to` is reached. */
export function findPath(state: GraphState, from: string, to: string, maxDepth = Infinity): string[] | null {
  if (!state.issues.has(from) || !state.issues.has(to)) return null;
  if (from === to) return [from];
  const parent = new Map<string, string>([[from, from]]);
  let frontier = [from];
  for (let depth = 0; frontier.length > 0 && depth < maxDepth; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const n of state.dependsOn.get(id) ?? []) {
        if (parent.has(n)) continue;
        parent.set(n, id);
        if (n === to) return pathTo(parent, n);
        next.push(n);
      }
    }
    frontier = next;
  }
  return null;
}

function pathTo(parent: Map<string, string>, id: string): string[] {
  const path = [id];
  let cur = id;
  for (let p = parent.get(cur); p !== undefined && p !== cur; p = parent.get(cur)) {
    path.push(p);
    cur = p;
  }
  return path.reverse();
}
