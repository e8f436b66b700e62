// Which instances belong to the framework, and each one's chains of prefixes from a root
// instance down to it (a router mounted twice has two).

import type { Dialect } from "./dialect.js";
import type { InstanceGraph } from "./instance-graph.js";
import { joinPaths } from "./paths.js";
import type { JsProgram } from "./program.js";

export interface PrefixChain {
  prefix: string;
  guarded: boolean;
}

/** Instances of this framework: created by it, claimed by it, or mounted to/from one of those. */
export function claimedInstances(graph: InstanceGraph, dialect: Dialect, program: JsProgram): Set<string> {
  const claimed = new Set(graph.created);
  for (const r of graph.routes) if (dialect.claims?.(r.node, program)) claimed.add(r.node);
  for (const e of graph.edges) if (dialect.claims?.(e.child, program)) claimed.add(e.child);
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of graph.edges) {
      if (claimed.has(e.parent) !== claimed.has(e.child)) {
        claimed.add(e.parent);
        claimed.add(e.child);
        changed = true;
      }
    }
  }
  return claimed;
}

/** The prefix chains of an instance, over the edges whose parent is claimed; memoised per node. */
export function prefixChains(
  graph: InstanceGraph,
  claimed: ReadonlySet<string>,
): (node: string) => PrefixChain[] {
  const liveEdges = graph.edges.filter((e) => claimed.has(e.parent));
  const prefixesOf = new Map<string, PrefixChain[]>();
  const chains = (node: string, seen: Set<string>): PrefixChain[] => {
    const cached = prefixesOf.get(node);
    if (cached) return cached;
    const own = graph.ownPrefix.get(node) ?? "";
    const parents = liveEdges.filter((e) => e.child === node && !seen.has(e.parent));
    const out =
      parents.length === 0
        ? [{ prefix: own, guarded: graph.guarded.has(node) }]
        : parents.flatMap((e) =>
            chains(e.parent, new Set([...seen, node])).map((c) => ({
              prefix: joinPaths(c.prefix, e.prefix, own),
              guarded: c.guarded || graph.guarded.has(node),
            })),
          );
    prefixesOf.set(node, out);
    return out;
  };
  return (node) => chains(node, new Set());
}
