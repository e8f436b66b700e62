// Undirected dependency distance from the component's issues, up to 3 hops (SPEC graph signal).
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
