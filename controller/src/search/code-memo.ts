// What code-words.ts reads from each source file's tree, kept by the file's content hash in
// `<manifest>.search-code.json` beside the manifest, so that rebuilding the index after a manifest
// change parses only the files that changed (issue 21 point 7: tree-sitter parsing every file of
// the service was most of the first search after `e2e manifest`). Per file: its symbols, the names
// it calls, and, once a handler or callee was found in it, its identifier and comment leaves. A
// separate file from the index's cache: a warm search never reads it. The file is stamped with
// lib/code-graph's and this folder's files (size, mtime), so a changed parser or extraction
// starts it over; a torn or foreign file is ignored, never trusted.
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SymbolFact } from "../../../lib/code-graph/index.js";
import { codeFileLines, readJsonFile, writeAtomically } from "../manifest/index.js";

const MEMO_FORMAT = 2;

export type CodeSymbol = Pick<SymbolFact, "qualified" | "name" | "kind" | "line" | "endLine">;

/** A name a symbol calls (or a file-level call: no `from`); values read are left out. */
export interface CodeCall {
  from?: string;
  name: string;
}

/** An identifier-like node, a comment or a docstring: [row, last row, text, 1 when a comment, 2 when a docstring]. */
export type CodeLeaf = [row: number, endRow: number, text: string, kind: 0 | 1 | 2];

export interface FileCode {
  symbols: CodeSymbol[];
  calls: CodeCall[];
  /** Only once a span (handler, callee) was looked for in the file. */
  leaves?: CodeLeaf[];
}

interface MemoFile {
  format: number;
  stamp: string;
  files: Record<string, FileCode>;
}

/** `manifest.json` → `manifest.search-code.json` beside it. */
export const codeMemoPathOf = (manifestPath: string) =>
  join(dirname(manifestPath), `${basename(manifestPath).replace(/\.json$/, "")}.search-code.json`);

/** The code that makes the entries: lib/code-graph and this folder, each file's size and mtime. */
function codeStamp(): string {
  const dirs = [".", "../../../lib/code-graph/"].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));
  return [String(MEMO_FORMAT), ...codeFileLines(dirs, (name) => /\.[jt]s$/.test(name))].join("\n");
}

/** Entries by content hash: those of the last build, and those this build reads or makes. */
export class CodeMemo {
  readonly #previous: Record<string, FileCode>;
  readonly #used = new Map<string, FileCode>();
  readonly #stamp: string;

  private constructor(previous: Record<string, FileCode>, stamp: string) {
    this.#previous = previous;
    this.#stamp = stamp;
  }

  /** The memo at `path`; empty when there is none, it is torn, or the code changed since. */
  static read(path: string): CodeMemo {
    const stamp = codeStamp();
    const file = readJsonFile<MemoFile>(
      path,
      (doc) =>
        doc.format === MEMO_FORMAT && doc.stamp === stamp && typeof doc.files === "object" && !!doc.files,
    );
    return new CodeMemo(file?.files ?? {}, stamp);
  }

  /** An empty memo that is never written (an index built for measurement). */
  static none(): CodeMemo {
    return new CodeMemo({}, "");
  }

  get(hash: string): FileCode | undefined {
    const code =
      this.#used.get(hash) ?? (Object.hasOwn(this.#previous, hash) ? this.#previous[hash] : undefined);
    if (code) this.#used.set(hash, code);
    return code;
  }

  set(hash: string, code: FileCode): void {
    this.#used.set(hash, code);
  }

  /** Writes the entries this build used (a file gone or changed leaves its old entry behind). */
  write(path: string): void {
    const file: MemoFile = { format: MEMO_FORMAT, stamp: this.#stamp, files: Object.fromEntries(this.#used) };
    writeAtomically(path, JSON.stringify(file));
  }
}
