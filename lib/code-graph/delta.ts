// The difference between two graphs of one repository, as upserts and removals a store applies.

import { ShardedMap } from "../collections/index.js";
import { STEPS_PER_LOOK, Yielder } from "../turns/index.js";
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

export async function diffGraphs(
  repo: string,
  before: CodeGraph,
  after: CodeGraph,
  yielder: Yielder = Yielder.never,
): Promise<GraphDelta> {
  const delta = emptyDelta(repo);
  diffFiles(delta, before.files, after.files);
  await diffSymbols(delta, before.symbols, after.symbols, yielder);
  await diffEdges(delta, before.edges, after.edges, yielder);
  return delta;
}

/** Everything of `graph` as new (a first build): no map of what was, nothing to compare. */
export function wholeGraph(repo: string, graph: CodeGraph): GraphDelta {
  return {
    repo,
    files: { upserted: [...graph.files], removed: [] },
    symbols: { upserted: [...graph.symbols], removed: [] },
    edges: { upserted: [...graph.edges], removed: [] },
  };
}

/**
 * The delta between two builds when the second is incremental: only the files it resolved again
 * (their symbols, CONTAINS and outgoing edges) and the TESTS edges can differ, the rest is the
 * same objects; equal to diffGraphs of the two graphs, without walking every edge.
 */
export async function diffBuilds(
  repo: string,
  before: GraphBuild,
  after: GraphBuild,
  yielder: Yielder = Yielder.never,
): Promise<GraphDelta> {
  const affected = after.affected;
  if (!affected) return diffGraphs(repo, before.graph, after.graph, yielder);
  const delta = emptyDelta(repo);
  diffFiles(delta, before.graph.files, after.graph.files);
  // Walks every symbol (176k at 20,000 files): giving way to the event loop as it goes.
  const pick = async (build: GraphBuild) => {
    const symbols: CodeSymbol[] = [];
    const all = build.graph.symbols;
    for (let i = 0; i < all.length; i++) {
      if (affected.has(all[i]!.path)) symbols.push(all[i]!);
      if (i % STEPS_PER_LOOK === 0) await yielder.tick();
    }
    const edges: CodeEdge[] = [];
    for (let i = 0; i < symbols.length; i++) {
      edges.push(containsEdge(repo, symbols[i]!));
      if (i % STEPS_PER_LOOK === 0) await yielder.tick();
    }
    for (const path of affected) {
      for (const edge of build.perFile.get(path)?.edges ?? []) edges.push(edge);
      await yielder.tick();
    }
    for (const edge of build.tests) edges.push(edge);
    return { symbols, edges };
  };
  const b = await pick(before);
  const a = await pick(after);
  await diffSymbols(delta, b.symbols, a.symbols, yielder);
  await diffEdges(delta, b.edges, a.edges, yielder);
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

async function diffSymbols(
  delta: GraphDelta,
  before: readonly CodeSymbol[],
  after: readonly CodeSymbol[],
  yielder: Yielder,
): Promise<void> {
  const oldSymbols = new ShardedMap<CodeSymbol>();
  for (let i = 0; i < before.length; i++) {
    oldSymbols.set(before[i]!.id, before[i]!);
    if (i % STEPS_PER_LOOK === 0) await yielder.tick();
  }
  for (let i = 0; i < after.length; i++) {
    const symbol = after[i]!;
    const old = oldSymbols.get(symbol.id);
    if (!old || !sameSymbol(old, symbol)) delta.symbols.upserted.push(symbol);
    oldSymbols.delete(symbol.id);
    if (i % STEPS_PER_LOOK === 0) await yielder.tick();
  }
  delta.symbols.removed = [...oldSymbols.keys()];
}

async function diffEdges(
  delta: GraphDelta,
  before: readonly CodeEdge[],
  after: readonly CodeEdge[],
  yielder: Yielder,
): Promise<void> {
  const oldEdges = new ShardedMap<CodeEdge>();
  for (let i = 0; i < before.length; i++) {
    oldEdges.set(edgeKey(before[i]!), before[i]!);
    if (i % STEPS_PER_LOOK === 0) await yielder.tick();
  }
  for (let i = 0; i < after.length; i++) {
    const edge = after[i]!;
    const key = edgeKey(edge);
    const old = oldEdges.get(key);
    if (!old || confidenceOf(old) !== confidenceOf(edge)) delta.edges.upserted.push(edge);
    // A changed confidence is an upsert of the same edge: it is not also removed.
    oldEdges.delete(key);
    if (i % STEPS_PER_LOOK === 0) await yielder.tick();
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
