// The code graph as SPEC §4 names it: File and Symbol nodes, CONTAINS / IMPORTS / REFERENCES /
// TESTS edges. Field names follow the SPEC (snake_case) so a GraphStore can store them as they are.
import type { LanguageId } from "./languages.js";

export type SymbolKind = "function" | "class" | "method" | "interface" | "type" | "enum" | "variable";

/** `text`: a file no grammar parses (kept for lexical search only). */
export type FileLanguage = LanguageId | "text";

export interface CodeFile {
  repo: string;
  path: string;
  language: FileLanguage;
  lines: number;
  /** sha256 of the content, hex. */
  hash: string;
}

export interface CodeSymbol {
  /** `repo:path#Qualified.name` (a second declaration of the same name adds `@line`). */
  id: string;
  repo: string;
  path: string;
  name: string;
  kind: SymbolKind;
  /** 1-based, inclusive. */
  line: number;
  end_line: number;
  signature: string;
  exported: boolean;
  /** The containing class/interface symbol's id, for members. */
  parent?: string;
}

/** `from`/`to` are file ids (`repo:path`, see `fileId`) or symbol ids. */
export type CodeEdge =
  | { type: "CONTAINS"; from: string; to: string }
  | { type: "IMPORTS"; from: string; to: string }
  | { type: "REFERENCES"; from: string; to: string; confidence: number }
  | { type: "TESTS"; from: string; to: string };

export type EdgeType = CodeEdge["type"];

export interface CodeGraph {
  files: CodeFile[];
  symbols: CodeSymbol[];
  edges: CodeEdge[];
}

/** What changed between two states of a repository's graph: upsert these, remove those. */
export interface GraphDelta {
  repo: string;
  files: { upserted: CodeFile[]; removed: string[] };
  symbols: { upserted: CodeSymbol[]; removed: string[] };
  edges: { upserted: CodeEdge[]; removed: CodeEdge[] };
}

export function fileId(repo: string, path: string): string {
  return `${repo}:${path}`;
}

/** The CONTAINS edge that holds `symbol`: its class for a member, else its file. */
export function containsEdge(repo: string, symbol: CodeSymbol): CodeEdge {
  return { type: "CONTAINS", from: symbol.parent ?? fileId(repo, symbol.path), to: symbol.id };
}

export function edgeKey(edge: CodeEdge): string {
  return `${edge.type} ${edge.from} ${edge.to}`;
}

export function isEmptyDelta(delta: GraphDelta): boolean {
  return (
    delta.files.upserted.length + delta.files.removed.length + delta.symbols.upserted.length === 0 &&
    delta.symbols.removed.length + delta.edges.upserted.length + delta.edges.removed.length === 0
  );
}
