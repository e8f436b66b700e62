// Turns an indexer's delta into the store's unit of writing: the full subgraph of every file
// the delta touches (a file owns its symbols and the edges starting at it or at its symbols).
import type { CodeGraph, GraphDelta } from "../../../../../lib/code-graph/index.js";
import { STEPS_PER_LOOK, type Yielder } from "../../../../../lib/turns/index.js";
import type { CodeFileSubgraph, CodeFilesChange } from "../../ports/code-graph-store.js";

/** `repo:path#Name` or `repo:path` → path. */
function pathOfNodeId(repo: string, id: string): string {
  const rest = id.slice(repo.length + 1);
  const hash = rest.indexOf("#");
  return hash < 0 ? rest : rest.slice(0, hash);
}

/** Calls `visit` on each item, looking at the clock every STEPS_PER_LOOK items. */
async function inChunks<T>(
  items: readonly T[],
  yielder: Yielder,
  visit: (item: T) => unknown,
): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    visit(items[i]!);
    if (i % STEPS_PER_LOOK === STEPS_PER_LOOK - 1) await yielder.tick();
  }
}

/** Walks the whole graph once, giving way to the event loop as it goes (a graph may hold 1M edges). */
export async function changeOfDelta(
  graph: CodeGraph,
  delta: GraphDelta,
  yielder: Yielder,
): Promise<CodeFilesChange> {
  const repo = delta.repo;
  const touched = new Set<string>();
  for (const f of delta.files.upserted) touched.add(f.path);
  await inChunks(delta.symbols.upserted, yielder, (s) => touched.add(s.path));
  await inChunks(delta.symbols.removed, yielder, (id) => touched.add(pathOfNodeId(repo, id)));
  // A large upload's delta holds hundreds of thousands of edges: looked at a chunk a turn too.
  for (const edges of [delta.edges.upserted, delta.edges.removed]) {
    await inChunks(edges, yielder, (e) => touched.add(pathOfNodeId(repo, e.from)));
  }
  const removed = new Set(delta.files.removed);
  const byPath = new Map<string, CodeFileSubgraph>();
  await inChunks(graph.files, yielder, (file) => {
    if (touched.has(file.path) && !removed.has(file.path))
      byPath.set(file.path, { file, symbols: [], edges: [] });
  });
  if (byPath.size > 0) {
    await inChunks(graph.symbols, yielder, (s) => byPath.get(s.path)?.symbols.push(s));
    await inChunks(graph.edges, yielder, (e) => byPath.get(pathOfNodeId(repo, e.from))?.edges.push(e));
  }
  return { repo, upsert: [...byPath.values()], remove: [...removed] };
}
