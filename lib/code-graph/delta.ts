// The difference between two graphs of one repository, as upserts and removals a store applies.
import type { GraphBuild } from "./graph/build-graph.js";
import {
  type CodeEdge,
  type CodeFile,
  type CodeGraph,
  type CodeSymbol,
  containsEdge,
  edgeKey,
  type GraphDelta,
} from "./model.js";

export function diffGraphs(repo: string, before: CodeGraph, after: CodeGraph): GraphDelta {
  const delta = emptyDelta(repo);
  diffFiles(delta, before.files, after.files);
  diffSymbols(delta, before.symbols, after.symbols);
  diffEdges(delta, before.edges, after.edges);
  return delta;
}

/**
 * The delta between two builds when the second is incremental: only the files it resolved again
 * (their symbols, CONTAINS and outgoing edges) and the TESTS edges can differ, the rest is the
 * same objects; equal to diffGraphs of the two graphs, without walking every edge.
 */
export function diffBuilds(repo: string, before: GraphBuild, after: GraphBuild): GraphDelta {
  const affected = after.affected;
  if (!affected) return diffGraphs(repo, before.graph, after.graph);
  const delta = emptyDelta(repo);
  diffFiles(delta, before.graph.files, after.graph.files);
  const pick = (build: GraphBuild) => {
    const symbols = build.graph.symbols.filter((s) => affected.has(s.path));
    const edges = symbols.map((s) => containsEdge(repo, s));
    for (const path of affected) edges.push(...(build.perFile.get(path)?.edges ?? []));
    edges.push(...build.tests);
    return { symbols, edges };
  };
  const b = pick(before);
  const a = pick(after);
  diffSymbols(delta, b.symbols, a.symbols);
  diffEdges(delta, b.edges, a.edges);
  return delta;
}

function emptyDelta(repo: string): GraphDelta {
  return {
    repo,
    files: { upserted: [], removed: [] },
    symbols: { upserted: [], removed: [] },
    edges: { upserted: [], removed: [] },
  };
}

function diffFiles(delta: GraphDelta, before: readonly CodeFile[], after: readonly CodeFile[]): void {
  const oldFiles = new Map(before.map((f) => [f.path, f]));
  for (const file of after) {
    const old = oldFiles.get(file.path);
    if (!old || old.hash !== file.hash || old.language !== file.language || old.lines !== file.lines) {
      delta.files.upserted.push(file);
    }
    oldFiles.delete(file.path);
  }
  delta.files.removed = [...oldFiles.keys()];
}

function diffSymbols(delta: GraphDelta, before: readonly CodeSymbol[], after: readonly CodeSymbol[]): void {
  const oldSymbols = new Map(before.map((s) => [s.id, s]));
  for (const symbol of after) {
    const old = oldSymbols.get(symbol.id);
    if (!old || !sameSymbol(old, symbol)) delta.symbols.upserted.push(symbol);
    oldSymbols.delete(symbol.id);
  }
  delta.symbols.removed = [...oldSymbols.keys()];
}

function diffEdges(delta: GraphDelta, before: readonly CodeEdge[], after: readonly CodeEdge[]): void {
  const oldEdges = new Map(before.map((e) => [edgeKey(e), e]));
  for (const edge of after) {
    const key = edgeKey(edge);
    const old = oldEdges.get(key);
    if (!old || confidenceOf(old) !== confidenceOf(edge)) delta.edges.upserted.push(edge);
    // A changed confidence is an upsert of the same edge: it is not also removed.
    oldEdges.delete(key);
  }
  delta.edges.removed = [...oldEdges.values()];
}

/** Same fields, same values (symbols are flat records of strings, numbers and booleans). */
function sameSymbol(a: CodeSymbol, b: CodeSymbol): boolean {
  const keys = Object.keys(a) as (keyof CodeSymbol)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

function confidenceOf(edge: CodeEdge): number | undefined {
  return edge.type === "REFERENCES" ? edge.confidence : undefined;
}
