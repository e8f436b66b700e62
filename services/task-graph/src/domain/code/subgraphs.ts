// Turns an indexer's delta into the store's unit of writing: the full subgraph of every file
// the delta touches (a file owns its symbols and the edges starting at it or at its symbols).
import type { CodeGraph, GraphDelta, Yielder } from "../../../../../lib/code-graph/index.js";
import type { CodeFileSubgraph, CodeFilesChange } from "../../ports/code-graph-store.js";

/** `repo:path#Name` or `repo:path` → path. */
function pathOfNodeId(repo: string, id: string): string {
  const rest = id.slice(repo.length + 1);
  const hash = rest.indexOf("#");
  return hash < 0 ? rest : rest.slice(0, hash);
}

/** Nodes and edges looked at between two looks at the clock. */
const CHUNK = 2000;

/** Walks the whole graph once, giving way to the event loop as it goes (a graph may hold 1M edges). */
export async function changeOfDelta(
  graph: CodeGraph,
  delta: GraphDelta,
  yielder: Yielder,
): Promise<CodeFilesChange> {
  const repo = delta.repo;
  const touched = new Set<string>();
  for (const f of delta.files.upserted) touched.add(f.path);
  for (const s of delta.symbols.upserted) touched.add(s.path);
  for (const id of delta.symbols.removed) touched.add(pathOfNodeId(repo, id));
  for (const e of [...delta.edges.upserted, ...delta.edges.removed]) touched.add(pathOfNodeId(repo, e.from));
  const removed = new Set(delta.files.removed);
  const byPath = new Map<string, CodeFileSubgraph>();
  for (const file of graph.files) {
    if (touched.has(file.path) && !removed.has(file.path))
      byPath.set(file.path, { file, symbols: [], edges: [] });
  }
  if (byPath.size > 0) {
    for (let i = 0; i < graph.symbols.length; i++) {
      const s = graph.symbols[i]!;
      byPath.get(s.path)?.symbols.push(s);
      if (i % CHUNK === 0) await yielder.tick();
    }
    for (let i = 0; i < graph.edges.length; i++) {
      const e = graph.edges[i]!;
      byPath.get(pathOfNodeId(repo, e.from))?.edges.push(e);
      if (i % CHUNK === 0) await yielder.tick();
    }
  }
  return { repo, upsert: [...byPath.values()], remove: [...removed] };
}
