// Which instances belong to the framework, and each one's chains of prefixes from a root
// instance down to it (a router mounted twice has two).

import type { Dialect } from "./dialect.js";
import type { InstanceGraph } from "./instance-graph.js";
import { joinPaths } from "./paths.js";
import type { JsProgram } from "./program.js";

export interface PrefixChain {
  /** Undefined when a prefix on the way cannot be folded: the routes below are left out. */
  prefix: string | undefined;
  guarded: boolean;
}

const joinKnown = (...parts: (string | undefined)[]): string | undefined =>
  parts.some((p) => p === undefined) ? undefined : joinPaths(...(parts as string[]));

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
    const own = graph.unknownPrefix.has(node) ? undefined : (graph.ownPrefix.get(node) ?? "");
    const all = liveEdges.filter((e) => e.child === node && !seen.has(e.parent));
    // An instance derived from another and also mounted is served where it is mounted.
    const mounted = all.filter((e) => !e.derived);
    const parents = mounted.length > 0 ? mounted : all;
    const out =
      parents.length === 0
        ? [{ prefix: own, guarded: graph.guarded.has(node) }]
        : parents.flatMap((e) =>
            chains(e.parent, new Set([...seen, node])).map((c) => ({
              prefix: joinKnown(c.prefix, e.prefix, own),
              guarded: c.guarded || graph.guarded.has(node),
            })),
          );
    prefixesOf.set(node, out);
    return out;
  };
  return (node) => chains(node, new Set());
}
