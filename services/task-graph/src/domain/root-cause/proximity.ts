// Undirected dependency distance from the component's issues, up to 3 hops (SPEC graph signal).
// Two ways to the same numbers:
// - hopsFromComponent: breadth-first from every issue of the component (touches the 3-hop
//   neighbourhood of the whole component: on a large graph, most of it);
// - hopsOfCandidates: only for the given candidates, breadth-first outwards from them until an
//   issue of the component is met (three batched adjacency reads at most).
import type { GraphStore, IssueRecord } from "../../ports/graph-store.js";

const MAX_HOPS = 3;

export async function hopsFromComponent(
  store: GraphStore,
  all: IssueRecord[],
  componentId: string,
): Promise<Map<string, number>> {
  const hops = new Map<string, number>();
  let frontier = all.filter((i) => i.component_id === componentId).map((i) => i.id);
  for (const id of frontier) hops.set(id, 0);
  for (let depth = 1; depth <= MAX_HOPS && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const id of frontier) {
      const { depends_on, blocks } = await store.dependenciesOf(id);
      for (const n of [...depends_on, ...blocks]) {
        if (hops.has(n)) continue;
        hops.set(n, depth);
        next.push(n);
      }
    }
    frontier = next;
  }
  return hops;
}

/**
 * Hops for the given candidates only, searching outwards from them: a candidate is at 1 hop when
 * a neighbour is one of the component's issues, at 2 when a neighbour's neighbour is, at 3 one
 * level further; each level reads the adjacency of what is still unresolved, in one batch. This
 * touches the candidates' neighbourhoods (a few hundred issues for a batch of 32 at degree 4),
 * never the component's (which holds thousands of issues on a large graph).
 */
export async function hopsOfCandidates(
  store: GraphStore,
  members: ReadonlySet<string>,
  candidates: string[],
): Promise<Map<string, number>> {
  const hops = new Map<string, number>();
  // Each unresolved candidate with the issues it reaches in exactly `depth - 1` hops.
  let open = new Map<string, string[]>();
  for (const c of candidates) {
    if (members.has(c)) hops.set(c, 0);
    else open.set(c, [c]);
  }
  for (let depth = 1; depth <= MAX_HOPS && open.size > 0; depth++) {
    const adjacency = await neighboursOf(store, [...new Set([...open.values()].flat())]);
    const next = new Map<string, string[]>();
    for (const [c, frontier] of open) {
      const reached = frontier.flatMap((id) => adjacency.get(id) ?? []);
      if (reached.some((n) => members.has(n))) hops.set(c, depth);
      else if (depth < MAX_HOPS) next.set(c, reached);
    }
    open = next;
  }
  return hops;
}

async function neighboursOf(store: GraphStore, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  if (store.dependenciesOfMany) {
    for (const [id, d] of await store.dependenciesOfMany(ids)) out.set(id, [...d.depends_on, ...d.blocks]);
    return out;
  }
  for (const id of ids) {
    const d = await store.dependenciesOf(id);
    out.set(id, [...d.depends_on, ...d.blocks]);
  }
  return out;
}
