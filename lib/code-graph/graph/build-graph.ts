// From every file's facts to the repository's graph: symbols with ids, CONTAINS, IMPORTS
// (resolved files only), REFERENCES (symbol → symbol, strongest confidence per pair) and TESTS.

import { STEPS_PER_LOOK, Yielder } from "../../turns/index.js";
import type { FileFacts } from "../facts.js";
import type { CodeEdge, CodeFile, CodeGraph, CodeSymbol } from "../model.js";
import { containsEdge, fileId } from "../model.js";
import type { SourceSet } from "../resolve/source-set.js";
import { affectedFiles } from "./affected.js";
import { ReferenceResolver } from "./references.js";
import { scopeDependents } from "./scope-dependents.js";
import { buildScope, type FileScope, Resolvers } from "./scopes.js";
import { type FileSymbols, SymbolTable } from "./symbol-table.js";
import { testEdges } from "./tests-edges.js";

export interface GraphInput {
  repo: string;
  /** Every file of the repository, parsed or not. */
  files: readonly CodeFile[];
  sources: SourceSet;
  /** Facts of the parsed files, by path. */
  facts: ReadonlyMap<string, FileFacts>;
  /**
   * The last build of this repository and the paths whose facts changed since (`moved`: those
   * added or removed among them), when no resolution config changed: the files the change cannot
   * affect keep their scopes and resolved edges (see affected.ts, scope-dependents.ts), so a
   * one-file edit, upload or deletion does not resolve the whole repository.
   */
  previous?: { build: GraphBuild; changed: ReadonlySet<string>; moved?: ReadonlySet<string> };
  /** Gives way to the event loop between files (a service); default: never. */
  yielder?: Yielder;
  /** The last build's symbols by file (GraphBuild.symbols), reused where the facts are the same. */
  known?: ReadonlyMap<string, FileSymbols>;
}

/** What one file's references and imports resolved to. */
interface FileEdges {
  /** REFERENCES then IMPORTS edges starting in the file. */
  edges: CodeEdge[];
  /** Files holding symbols it uses with confidence >= 0.9. */
  strongTargets: Set<string>;
  imported: Set<string>;
}

/** A graph and what the next incremental build reuses. */
export interface GraphBuild {
  graph: CodeGraph;
  facts: ReadonlyMap<string, FileFacts>;
  scopes: ReadonlyMap<string, FileScope>;
  perFile: ReadonlyMap<string, FileEdges>;
  tests: CodeEdge[];
  /** Each file's symbols and the facts they came from (the next build reuses them). */
  symbols: ReadonlyMap<string, FileSymbols>;
  /** The files resolved again by an incremental build (null: a full build); the rest is as before. */
  affected: ReadonlySet<string> | null;
}

/** The graph of the repository; with `previous`, the same graph (edges in the same order) resolving only the affected files. */
export async function buildGraph(input: GraphInput): Promise<GraphBuild> {
  const { repo, facts, previous } = input;
  const yielder = input.yielder ?? Yielder.never;
  const table = await SymbolTable.build(repo, facts, yielder, input.known);
  const resolvers = new Resolvers(input.sources);
  const rescoped = previous?.moved?.size
    ? await scopeDependents(previous.moved, previous.build, facts, yielder)
    : new Set<string>();
  const affected = previous
    ? await affectedFiles(previous.changed, previous.build, facts, rescoped, yielder)
    : null;
  const scopes = new Map<string, FileScope>();
  for (const [path, fileFacts] of facts) {
    const reuse = affected && !previous!.changed.has(path) && !rescoped.has(path);
    const known = reuse ? previous!.build.scopes.get(path) : undefined;
    scopes.set(path, known ?? buildScope(path, fileFacts, resolvers));
    await yielder.tick();
  }
  const references = new ReferenceResolver(table, scopes);

  const edges: CodeEdge[] = [];
  for (let i = 0; i < table.symbols.length; i++) {
    edges.push(containsEdgeOf(repo, table.symbols[i]!));
    if (i % STEPS_PER_LOOK === 0) await yielder.tick();
  }
  const perFile = new Map<string, FileEdges>();
  const referencedFiles = new Map<string, Set<string>>();
  const importsByFile = new Map<string, Set<string>>();
  for (const [path, fileFacts] of facts) {
    const kept = affected && !affected.has(path) ? previous!.build.perFile.get(path) : undefined;
    const out =
      kept ?? (await fileEdges(repo, path, fileFacts, table, references, scopes.get(path)!, yielder));
    perFile.set(path, out);
    edges.push(...out.edges);
    referencedFiles.set(path, out.strongTargets);
    importsByFile.set(path, out.imported);
    await yielder.tick();
  }
  const tests = await testEdges(repo, input.files, facts, importsByFile, referencedFiles, yielder);
  edges.push(...tests);
  return {
    graph: { files: [...input.files], symbols: table.symbols, edges },
    facts,
    scopes,
    perFile,
    tests,
    symbols: table.byFile,
    affected,
  };
}

/** A symbol's CONTAINS edge, made once per symbol object (symbols are reused between builds). */
const containsEdges = new WeakMap<CodeSymbol, CodeEdge>();

function containsEdgeOf(repo: string, symbol: CodeSymbol): CodeEdge {
  let edge = containsEdges.get(symbol);
  if (!edge || edge.from !== (symbol.parent ?? fileId(repo, symbol.path))) {
    edge = containsEdge(repo, symbol);
    containsEdges.set(symbol, edge);
  }
  return edge;
}

/** A file's resolved edges; a file with many references gives way to the event loop as it goes. */
async function fileEdges(
  repo: string,
  path: string,
  fileFacts: FileFacts,
  table: SymbolTable,
  references: ReferenceResolver,
  scope: FileScope,
  yielder: Yielder,
): Promise<FileEdges> {
  const edges: CodeEdge[] = [];
  const best = new Map<string, { from: string; to: string; confidence: number }>();
  const strongTargets = new Set<string>();
  const qualifiedUses = new Map<string, Set<string>>();
  const names = new Set<string>();
  for (const [i, ref] of fileFacts.references.entries()) {
    // A reference to a common name weighs its many candidates: look at the clock often.
    if (i % 16 === 15) await yielder.tick();
    names.add(ref.name);
    if (ref.qualifier !== undefined) addTo(qualifiedUses, ref.qualifier, ref.name);
    const from = ref.from === undefined ? undefined : table.inFile(path, ref.from);
    for (const { symbol, confidence } of references.resolve(path, fileFacts, ref)) {
      if (confidence >= 0.9 && symbol.path !== path) strongTargets.add(symbol.path);
      if (!from || symbol === from || isAncestor(table, symbol, from)) continue;
      const key = `${from.id} ${symbol.id}`;
      const previous = best.get(key);
      if (!previous || previous.confidence < confidence)
        best.set(key, { from: from.id, to: symbol.id, confidence });
    }
  }
  // Spelled out, not spread: a spread into a one-property literal puts the rest in a separate
  // property array, one more object per edge for the collector.
  for (const { from, to, confidence } of best.values())
    edges.push({ type: "REFERENCES", from, to, confidence });
  const imported = importedFiles(path, scope, table, qualifiedUses, names);
  for (const target of imported)
    edges.push({ type: "IMPORTS", from: fileId(repo, path), to: fileId(repo, target) });
  return { edges, strongTargets, imported };
}

/**
 * The files an import statement brings in. A Go package or a Java `a.b.*` spans several files:
 * keep those declaring a name the file uses (a Go package used by no name keeps all its files).
 */
function importedFiles(
  path: string,
  scope: FileScope,
  table: SymbolTable,
  qualifiedUses: Map<string, Set<string>>,
  names: Set<string>,
): Set<string> {
  const out = new Set<string>();
  for (const entry of scope.imported) {
    const declares = (file: string, used: Iterable<string>) =>
      [...used].some((n) => table.topLevelIn(file, n).length > 0);
    let files = entry.files;
    if (entry.packageAlias !== undefined && files.length > 1) {
      const used = qualifiedUses.get(entry.packageAlias) ?? new Set<string>();
      const using = files.filter((f) => declares(f, used));
      if (using.length > 0) files = using;
    } else if (entry.wildcard && files.length > 1) {
      files = files.filter((f) => declares(f, names));
    }
    for (const file of files) if (file !== path) out.add(file);
  }
  return out;
}

function isAncestor(
  table: SymbolTable,
  candidate: { id: string },
  symbol: Parameters<SymbolTable["parentOf"]>[0],
): boolean {
  for (let p = table.parentOf(symbol); p; p = table.parentOf(p)) if (p.id === candidate.id) return true;
  return false;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}
