// The file-level graph PageRank walks: a file points at the files it imports, whose symbols its
// symbols reference (weighted by the reference's confidence) and, for a test file, the files it
// tests; each edge also gets a weaker reverse edge, so a seeded definition lends some rank to its
// users. Built once per state of a repository's graph (the indexer hands out a new object on
// every change) and kept in a WeakMap, with what a ranking reads of each path.
import {
  type CodeGraph,
  type CodeSymbol,
  inTestFolder,
  isTestFile,
} from "../../../../../lib/code-graph/index.js";
import { withoutExtension } from "./mentions.js";
import type { WeightedGraph } from "./pagerank.js";

const REVERSE_WEIGHT = 0.3;
const EDGE_WEIGHT = { IMPORTS: 1, TESTS: 0.8 } as const;

export interface RepositoryFiles {
  /** Paths by node index, sorted. */
  paths: string[];
  /** By node index: `repo:path` (the lexical and semantic signals' keys), the path without its extension, 1 for a test file or a file in a test folder. */
  keys: string[];
  bare: string[];
  isTest: Uint8Array;
  index: Map<string, number>;
  graph: WeightedGraph;
  symbolsOf: Map<string, CodeSymbol[]>;
  /** Files each file's symbols are referenced from (for symbol relevance). */
  referencedFrom: Map<string, Map<string, string[]>>;
  /** Symbol name → paths declaring it. */
  declaredIn: Map<string, Set<string>>;
  /** test file → files it tests, and back. */
  tests: Map<string, string[]>;
  testedBy: Map<string, string[]>;
  languageOf: Map<string, string>;
}

const cache = new WeakMap<CodeGraph, RepositoryFiles>();

export function repositoryFiles(repo: string, graph: CodeGraph): RepositoryFiles {
  const known = cache.get(graph);
  if (known) return known;
  const paths = graph.files.map((f) => f.path).sort();
  const index = new Map(paths.map((p, i) => [p, i]));
  const isTest = Uint8Array.from(paths, (p) => (isTestFile(p) || inTestFolder(p) ? 1 : 0));
  const languageOf = new Map(graph.files.map((f) => [f.path, f.language]));
  const symbolsOf = new Map<string, CodeSymbol[]>();
  const symbolPath = new Map<string, string>();
  const declaredIn = new Map<string, Set<string>>();
  for (const s of graph.symbols) {
    symbolPath.set(s.id, s.path);
    const list = symbolsOf.get(s.path);
    if (list) list.push(s);
    else symbolsOf.set(s.path, [s]);
    const where = declaredIn.get(s.name);
    if (where) where.add(s.path);
    else declaredIn.set(s.name, new Set([s.path]));
  }
  const fileOf = (id: string) =>
    symbolPath.get(id) ?? (id.startsWith(`${repo}:`) ? id.slice(repo.length + 1) : undefined);
  // Out-weights per node, by target index (targets sorted by index = by path, as paths are).
  const out: Map<number, number>[] = paths.map(() => new Map());
  const add = (from: string, to: string, w: number) => {
    if (from === to) return;
    const row = out[index.get(from)!]!;
    const j = index.get(to)!;
    row.set(j, (row.get(j) ?? 0) + w);
  };
  const referencedFrom = new Map<string, Map<string, string[]>>();
  const tests = new Map<string, string[]>();
  const testedBy = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (e.type === "CONTAINS") continue;
    const from = fileOf(e.from);
    const to = fileOf(e.to);
    if (!from || !to || !index.has(from) || !index.has(to) || from === to) continue;
    const w = e.type === "REFERENCES" ? e.confidence : EDGE_WEIGHT[e.type];
    add(from, to, w);
    add(to, from, w * REVERSE_WEIGHT);
    if (e.type === "REFERENCES") {
      const byFile = referencedFrom.get(to) ?? new Map<string, string[]>();
      referencedFrom.set(to, byFile);
      push(byFile, e.to, from);
    }
    if (e.type === "TESTS") {
      push(tests, from, to);
      push(testedBy, to, from);
    }
  }
  const built: RepositoryFiles = {
    paths,
    keys: paths.map((p) => `${repo}:${p}`),
    bare: paths.map(withoutExtension),
    isTest,
    index,
    graph: flatGraph(out),
    symbolsOf,
    referencedFrom,
    declaredIn,
    tests,
    testedBy,
    languageOf,
  };
  cache.set(graph, built);
  return built;
}

/** The out-weights as PageRank's flat arrays, each node's targets in index order (= path order). */
function flatGraph(out: Map<number, number>[]): WeightedGraph {
  const n = out.length;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + out[i]!.size;
  const targets = new Int32Array(offsets[n]!);
  const weights = new Float64Array(offsets[n]!);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let k = offsets[i]!;
    for (const j of [...out[i]!.keys()].sort((a, b) => a - b)) {
      const w = out[i]!.get(j)!;
      targets[k] = j;
      weights[k++] = w;
      outWeight[i]! += w;
    }
  }
  return { n, offsets, targets, weights, outWeight };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
