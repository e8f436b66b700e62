// Mirrors the code graph into RAG search (SPEC §4): one document per file (its path, the names
// of its symbols, its text) and one per symbol (name, signature), through the same SearchService
// and hybrid ranking as issues.
import type { CodeFile, CodeGraph, CodeSymbol, GraphDelta } from "../../../../../lib/code-graph/index.js";
import type { SearchDocument } from "../search/documents.js";
import type { SearchService } from "../search/index.js";
import type { CodeListener } from "./code-workspace.js";

/** What RAG search may be asked for. */
export const SEARCH_TYPES = ["issue", "component", "file", "symbol"];

/** Characters of a file's text that go to the embedder (the lexical side reads all of it). */
const EMBED_CHARS = 2000;

function fileDocument(file: CodeFile, symbols: CodeSymbol[], text: string): SearchDocument {
  const names = symbols.map((s) => s.name).join(" ");
  const id = `${file.repo}:${file.path}`;
  return {
    type: "file",
    id,
    title: file.path,
    text,
    fields: [
      [file.path.replaceAll(/[/._-]/g, " "), 3],
      [names, 2],
      [text, 1],
    ],
    embedText: `${file.path}\n${names}\n${text.slice(0, EMBED_CHARS)}`,
    location: { repo: file.repo, path: file.path, line: 1 },
  };
}

function symbolDocument(symbol: CodeSymbol): SearchDocument {
  return {
    type: "symbol",
    id: symbol.id,
    title: `${symbol.name} (${symbol.kind})`,
    text: symbol.signature,
    fields: [
      [symbol.name, 3],
      [symbol.signature, 1],
      [symbol.path.replaceAll(/[/._-]/g, " "), 1],
    ],
    embedText: `${symbol.name}\n${symbol.signature}\n${symbol.path}`,
    location: { repo: symbol.repo, path: symbol.path, line: symbol.line },
  };
}

export class CodeSearchIndexer implements CodeListener {
  constructor(private readonly search: SearchService) {}

  async codeChanged(
    _repo: string,
    graph: CodeGraph,
    delta: GraphDelta,
    text: (path: string) => string | undefined,
  ): Promise<void> {
    const changedFiles = new Set(delta.files.upserted.map((f) => f.path));
    for (const s of delta.symbols.upserted) changedFiles.add(s.path);
    const symbolsOf = new Map<string, CodeSymbol[]>();
    for (const s of graph.symbols) {
      if (changedFiles.has(s.path)) symbolsOf.set(s.path, [...(symbolsOf.get(s.path) ?? []), s]);
    }
    const docs: SearchDocument[] = [];
    for (const file of graph.files) {
      if (changedFiles.has(file.path))
        docs.push(fileDocument(file, symbolsOf.get(file.path) ?? [], text(file.path) ?? ""));
    }
    for (const s of delta.symbols.upserted) docs.push(symbolDocument(s));
    for (const path of delta.files.removed) await this.search.remove("file", `${delta.repo}:${path}`);
    for (const id of delta.symbols.removed) await this.search.remove("symbol", id);
    await this.search.indexDocuments(docs);
  }

  async repositoryRemoved(repo: string, graph: CodeGraph): Promise<void> {
    for (const f of graph.files) await this.search.remove("file", `${repo}:${f.path}`);
    for (const s of graph.symbols) await this.search.remove("symbol", s.id);
  }
}
