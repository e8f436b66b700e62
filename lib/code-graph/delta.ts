// The difference between two graphs of one repository, as upserts and removals a store applies.
import { type CodeEdge, type CodeGraph, edgeKey, type GraphDelta } from "./model.js";

export function diffGraphs(repo: string, before: CodeGraph, after: CodeGraph): GraphDelta {
  const delta: GraphDelta = {
    repo,
    files: { upserted: [], removed: [] },
    symbols: { upserted: [], removed: [] },
    edges: { upserted: [], removed: [] },
  };
  const oldFiles = new Map(before.files.map((f) => [f.path, f]));
  for (const file of after.files) {
    const old = oldFiles.get(file.path);
    if (!old || old.hash !== file.hash || old.language !== file.language || old.lines !== file.lines) {
      delta.files.upserted.push(file);
    }
    oldFiles.delete(file.path);
  }
  delta.files.removed = [...oldFiles.keys()];

  const oldSymbols = new Map(before.symbols.map((s) => [s.id, JSON.stringify(s)]));
  for (const symbol of after.symbols) {
    if (oldSymbols.get(symbol.id) !== JSON.stringify(symbol)) delta.symbols.upserted.push(symbol);
    oldSymbols.delete(symbol.id);
  }
  delta.symbols.removed = [...oldSymbols.keys()];

  const oldEdges = new Map(before.edges.map((e) => [edgeKey(e), e]));
  for (const edge of after.edges) {
    const key = edgeKey(edge);
    const old = oldEdges.get(key);
    if (!old || confidenceOf(old) !== confidenceOf(edge)) delta.edges.upserted.push(edge);
    // A changed confidence is an upsert of the same edge: it is not also removed.
    oldEdges.delete(key);
  }
  delta.edges.removed = [...oldEdges.values()];
  return delta;
}

function confidenceOf(edge: CodeEdge): number | undefined {
  return edge.type === "REFERENCES" ? edge.confidence : undefined;
}
