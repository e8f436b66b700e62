// Undirected dependency distance from the component's issues, up to 3 hops (SPEC graph signal).
// Two ways to the same numbers:
// - hopsFromComponent: breadth-first from every issue of the component (touches the 3-hop
//   neighbourhood of the whole component: on a large graph, most of it);
// - hopsOfCandidates: only for the given candidates, meeting in the middle: the component and its
//   direct neighbours form a ring R; a candidate is at <= 1 hop when it is in R, <= 2 when one of
//   its neighbours is, <= 3 when a neighbour of a neighbour is. Three batched adjacency reads.
import type { GraphStore, IssueRecord } from "../../ports/graph-store.js";

export const MAX_HOPS = 3;

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

/** The component's issues and their direct neighbours: everything within 1 hop. */
export async function componentRing(store: GraphStore, members: ReadonlySet<string>): Promise<Set<string>> {
  const ring = new Set(members);
  for (const ns of (await neighboursOf(store, [...members])).values()) for (const n of ns) ring.add(n);
  return ring;
}

export async function hopsOfCandidates(
  store: GraphStore,
  members: ReadonlySet<string>,
  ring: ReadonlySet<string>,
  candidates: string[],
): Promise<Map<string, number>> {
  const hops = new Map<string, number>();
  const outside = candidates.filter((c) => !ring.has(c));
  for (const c of candidates) if (ring.has(c)) hops.set(c, members.has(c) ? 0 : 1);
  const first = await neighboursOf(store, outside);
  const second = await neighboursOf(store, [...new Set([...first.values()].flat())]);
  for (const c of outside) {
    const near = first.get(c) ?? [];
    if (near.some((n) => ring.has(n))) hops.set(c, 2);
    else if (near.some((n) => (second.get(n) ?? []).some((m) => ring.has(m)))) hops.set(c, 3);
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
