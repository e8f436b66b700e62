// Turns an indexer's delta into the store's unit of writing: the full subgraph of every file
// the delta touches (a file owns its symbols and the edges starting at it or at its symbols).
import type { CodeGraph, GraphDelta } from "../../../../../lib/code-graph/index.js";
import type { CodeFileSubgraph, CodeFilesChange } from "../../ports/code-graph-store.js";

/** `repo:path#Name` or `repo:path` → path. */
function pathOfNodeId(repo: string, id: string): string {
  const rest = id.slice(repo.length + 1);
  const hash = rest.indexOf("#");
  return hash < 0 ? rest : rest.slice(0, hash);
}

export function changeOfDelta(graph: CodeGraph, delta: GraphDelta): CodeFilesChange {
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
  for (const s of graph.symbols) byPath.get(s.path)?.symbols.push(s);
  for (const e of graph.edges) byPath.get(pathOfNodeId(repo, e.from))?.edges.push(e);
  return { repo, upsert: [...byPath.values()], remove: [...removed] };
}
