// From every file's facts to the repository's graph: symbols with ids, CONTAINS, IMPORTS
// (resolved files only), REFERENCES (symbol → symbol, strongest confidence per pair) and TESTS.
import type { FileFacts } from "../facts.js";
import type { CodeEdge, CodeFile, CodeGraph } from "../model.js";
import { fileId } from "../model.js";
import type { SourceSet } from "../resolve/source-set.js";
import { ReferenceResolver } from "./references.js";
import { buildScope, type FileScope, Resolvers } from "./scopes.js";
import { SymbolTable } from "./symbol-table.js";
import { testEdges } from "./tests-edges.js";

export interface GraphInput {
  repo: string;
  /** Every file of the repository, parsed or not. */
  files: readonly CodeFile[];
  sources: SourceSet;
  /** Facts of the parsed files, by path. */
  facts: ReadonlyMap<string, FileFacts>;
}

export function buildGraph(input: GraphInput): CodeGraph {
  const { repo, facts } = input;
  const table = new SymbolTable(repo, facts);
  const resolvers = new Resolvers(input.sources);
  const scopes = new Map<string, FileScope>();
  for (const [path, fileFacts] of facts) scopes.set(path, buildScope(path, fileFacts, resolvers));
  const references = new ReferenceResolver(table, scopes);

  const edges: CodeEdge[] = [];
  for (const symbol of table.symbols) {
    edges.push({ type: "CONTAINS", from: symbol.parent ?? fileId(repo, symbol.path), to: symbol.id });
  }
  const referencedFiles = new Map<string, Set<string>>();
  const importsByFile = new Map<string, Set<string>>();
  for (const [path, fileFacts] of facts) {
    const best = new Map<string, { from: string; to: string; confidence: number }>();
    const strongTargets = new Set<string>();
    const qualifiedUses = new Map<string, Set<string>>();
    const names = new Set<string>();
    for (const ref of fileFacts.references) {
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
    for (const edge of best.values()) edges.push({ type: "REFERENCES", ...edge });
    referencedFiles.set(path, strongTargets);
    const imported = importedFiles(path, scopes.get(path)!, table, qualifiedUses, names);
    for (const target of imported)
      edges.push({ type: "IMPORTS", from: fileId(repo, path), to: fileId(repo, target) });
    importsByFile.set(path, imported);
  }
  edges.push(...testEdges(repo, input.files, facts, importsByFile, referencedFiles));
  return { files: [...input.files], symbols: table.symbols, edges };
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
