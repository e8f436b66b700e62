// Mirrors the code graph into RAG search (SPEC §4): one document per file (its path, the names
// of its symbols, its text) and one per symbol (name, signature), through the same SearchService
// and hybrid ranking as issues.
import type { CodeFile, CodeGraph, CodeSymbol, GraphDelta } from "../../../../../lib/code-graph/index.js";
import { STEPS_PER_LOOK } from "../../../../../lib/turns/index.js";
import type { SearchDocument } from "../search/documents.js";
import type { SearchService } from "../search/index.js";
import { TimeSlicer } from "../search/time-slicer.js";
import type { CodeListener } from "./code-workspace.js";

/** What RAG search may be asked for. */
export const SEARCH_TYPES = ["issue", "component", "file", "symbol"];

/** Characters of a file's text that go to the embedder (the lexical side reads all of it). */
const EMBED_CHARS = 2000;
/**
 * Characters of a file's symbol names that go to the embedder. A generated .d.ts names tens of
 * thousands of symbols: embedding all of them was one task of 70-95 ms while a 20,000-file
 * repository was indexed (issue 25 point 5), and an average of that many words says little more.
 */
const EMBED_NAME_CHARS = 8000;

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
    embedText: `${file.path}\n${names.slice(0, EMBED_NAME_CHARS)}\n${text.slice(0, EMBED_CHARS)}`,
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

  // In slices of the event loop (time-slicer.ts), like the indexing it calls: a 20,000-file
  // repository has ~200k symbols, and an upload used to hold the loop for seconds here.
  async codeChanged(
    _repo: string,
    graph: CodeGraph,
    delta: GraphDelta,
    text: (path: string) => string | undefined,
  ): Promise<void> {
    const slicer = new TimeSlicer();
    const changedFiles = new Set(delta.files.upserted.map((f) => f.path));
    for (const s of delta.symbols.upserted) changedFiles.add(s.path);
    const symbolsOf = await symbolsByFile(graph.symbols, changedFiles, slicer);
    const docs: SearchDocument[] = [];
    for (const [i, file] of graph.files.entries()) {
      if (changedFiles.has(file.path))
        docs.push(fileDocument(file, symbolsOf.get(file.path) ?? [], text(file.path) ?? ""));
      if (i % STEPS_PER_LOOK === 0) await slicer.pause();
    }
    // A 1,200-file body upserts ~15k symbols: their documents are made a slice at a time too.
    for (const [i, s] of delta.symbols.upserted.entries()) {
      docs.push(symbolDocument(s));
      if (i % STEPS_PER_LOOK === 0) await slicer.pause();
    }
    await this.search.removeMany([
      ...delta.files.removed.map((path) => ({ type: "file", id: `${delta.repo}:${path}` })),
      ...delta.symbols.removed.map((id) => ({ type: "symbol", id })),
    ]);
    await this.search.indexDocuments(docs);
  }

  async repositoryRemoved(repo: string, graph: CodeGraph): Promise<void> {
    await this.search.removeMany([
      ...graph.files.map((f) => ({ type: "file", id: `${repo}:${f.path}` })),
      ...graph.symbols.map((s) => ({ type: "symbol", id: s.id })),
    ]);
  }
}

/** The symbols of these files, by path, in graph order. */
async function symbolsByFile(
  symbols: readonly CodeSymbol[],
  paths: ReadonlySet<string>,
  slicer: TimeSlicer,
): Promise<Map<string, CodeSymbol[]>> {
  const byFile = new Map<string, CodeSymbol[]>();
  for (const [i, s] of symbols.entries()) {
    if (paths.has(s.path)) {
      const list = byFile.get(s.path);
      if (list) list.push(s);
      else byFile.set(s.path, [s]);
    }
    if (i % STEPS_PER_LOOK === 0) await slicer.pause();
  }
  return byFile;
}
