// The code graph's half of the GraphStore port (SPEC §4): repositories, File and Symbol nodes,
// CONTAINS / IMPORTS / REFERENCES / TESTS edges, with the records of lib/code-graph as they are.
//
// Unit of writing: a file's subgraph. A file owns its symbols and every edge that starts at it
// or at one of its symbols (IMPORTS and TESTS from the file, CONTAINS from the file or a class,
// REFERENCES from a symbol or the file). Writing a file replaces everything it owned before, in
// one atomic, durable write; several files (and removals) may share one write. Edges are stored
// by their source's owner, so an edge may point at a node that does not exist (yet): a file not
// indexed so far, a symbol renamed away. Reads return only edges whose two ends exist, and such
// an edge comes back by itself once its target is written again.
import {
  type CodeEdge,
  type CodeFile,
  type CodeSymbol,
  type EdgeType,
  edgeKey,
  fileId,
} from "../../../../lib/code-graph/index.js";
import type { Yielder } from "../../../../lib/turns/index.js";

// The records are lib/code-graph's (SPEC §4's fields), stored as they are.
export type { CodeEdge, CodeFile, CodeSymbol, EdgeType };
/** `fileId(repo, path)`: a file node's id and edge end (`repo:path`); `edgeKey`: one key per edge. */
export { edgeKey, fileId };

/** One file with what it owns. `edges` all start at the file or at one of `symbols`. */
export interface CodeFileSubgraph {
  file: CodeFile;
  symbols: CodeSymbol[];
  edges: CodeEdge[];
}

/** One atomic, durable write to one repository's files. */
export interface CodeFilesChange {
  repo: string;
  /** Files written: each replaces the file's previous subgraph (or adds it). */
  upsert: CodeFileSubgraph[];
  /** Paths removed with their subgraphs (a path not stored is ignored). */
  remove: string[];
  /**
   * Texts to keep with upserted files, by path: an upload-only repository's files exist nowhere
   * else. A file upserted without a text (or removed) loses the text stored for it before.
   */
  texts?: ReadonlyMap<string, string>;
}

export type RepositoryStatus = "indexing" | "ready" | "error";

/** A repository as registered (CODE_ROOTS, POST /code/repositories or the upload route). */
export interface RepositoryRecord {
  name: string;
  /** Directory on the service's machine; null for a repository filled only by uploads. */
  path: string | null;
  status: RepositoryStatus;
  /** When the last indexing pass finished (service timestamp format), null before the first. */
  indexed_at: string | null;
  /** Why the last pass failed (status "error"), else null. */
  error: string | null;
}

/** A repository with what is stored for it now. */
export interface RepositorySummary extends RepositoryRecord {
  files: number;
  symbols: number;
}

export interface CodeCounts {
  repositories: number;
  files: number;
  symbols: number;
}

export interface CodeGraphStore {
  /** Adds or replaces the repository's record (its files are untouched). */
  putRepository(repository: RepositoryRecord): Promise<void>;
  /** Removes the repository and every file, symbol and edge of it, as one durable write. */
  deleteRepository(name: string): Promise<boolean>;
  getRepository(name: string): Promise<RepositorySummary | null>;
  /** Every repository, by name. */
  listRepositories(): Promise<RepositorySummary[]>;
  /**
   * Writes files and removals of one repository as one atomic, durable write: readers see all of
   * it or none of it, and it is acknowledged only once on disk. Throws (nothing written) when a
   * subgraph is inconsistent: a symbol of another file, an edge starting elsewhere.
   */
  writeCodeFiles(change: CodeFilesChange): Promise<void>;
  /** The file with its symbols and the edges it owns (only those whose target exists). */
  getCodeFile(repo: string, path: string): Promise<CodeFileSubgraph | null>;
  /**
   * The texts stored with the repository's files among `paths` (writeCodeFiles' `texts`), by
   * path; paths without a stored text are left out. Read from disk when asked, not kept in memory.
   */
  getCodeTexts(repo: string, paths: string[]): Promise<Map<string, string>>;
  /** The repository's files, by path (hashes tell an indexer what changed). */
  listCodeFiles(repo: string): Promise<CodeFile[]>;
  /** Symbols by id, in the order asked, missing ones left out. */
  getSymbols(ids: string[]): Promise<CodeSymbol[]>;
  /**
   * Every edge with both ends existing that touches one of the node ids (file ids `repo:path`
   * or symbol ids), in either direction: one step of a graph walk, e.g. for a local PageRank.
   */
  codeNeighbours(ids: string[], types?: EdgeType[]): Promise<CodeEdge[]>;
  /** Every edge with both ends existing that starts in the repository: the graph a PageRank ranks. */
  codeEdges(repo: string): Promise<CodeEdge[]>;
  /** Totals for /health. */
  codeCounts(): Promise<CodeCounts>;
}

/**
 * Refuses a change a store must not write: a file of another repository, a symbol of another
 * file, an edge that starts outside the file's subgraph (it would be owned by no one). Every
 * adapter calls it (or the sliced form) before writing anything.
 */
export function assertConsistentChange(change: CodeFilesChange): void {
  const seen = new Set<string>();
  for (const subgraph of change.upsert) assertConsistentFile(change.repo, subgraph, seen);
  assertConsistentRest(change, seen);
}

/**
 * assertConsistentChange giving way to the event loop between files: a 1,200-file upload has
 * ~100k edges to look at, 30 ms in one task at 20,000 files (issue 25 point 5).
 */
export async function assertConsistentChangeInSlices(
  change: CodeFilesChange,
  slices: Yielder,
): Promise<void> {
  const seen = new Set<string>();
  for (const subgraph of change.upsert) {
    assertConsistentFile(change.repo, subgraph, seen);
    await slices.tick();
  }
  assertConsistentRest(change, seen);
}

function assertConsistentFile(
  repo: string,
  { file, symbols, edges }: CodeFileSubgraph,
  seen: Set<string>,
): void {
  const where = fileId(file.repo, file.path);
  if (file.repo !== repo) throw new Error(`code file ${where} is not in repository "${repo}"`);
  if (seen.has(file.path)) throw new Error(`code file ${where} is written twice in one change`);
  seen.add(file.path);
  const owners = new Set([where]);
  for (const s of symbols) {
    if (s.repo !== file.repo || s.path !== file.path)
      throw new Error(`symbol ${s.id} belongs to ${s.repo}:${s.path}, not to ${where}`);
    owners.add(s.id);
  }
  for (const e of edges) {
    if (!owners.has(e.from))
      throw new Error(`${e.type} edge from ${e.from} does not start in ${where} or its symbols`);
  }
}

function assertConsistentRest(change: CodeFilesChange, written: Set<string>): void {
  for (const path of change.remove) {
    if (written.has(path))
      throw new Error(`code file ${fileId(change.repo, path)} is both written and removed`);
  }
  for (const path of change.texts?.keys() ?? []) {
    if (!written.has(path))
      throw new Error(`text of ${fileId(change.repo, path)} is given for a file not written`);
  }
}
