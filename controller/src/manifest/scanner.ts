// The interface every framework scanner implements (one file per framework in frameworks/, one
// row each in frameworks/index.ts). A scan runs in two steps so that it can be incremental:
//   extract(file) → facts of one file, JSON-serialisable, cached by the file's content hash;
//   link(all facts) → endpoints with full paths, DTOs and types (cheap; runs on every scan).
// Cross-file work (a router mounted under a prefix in another file, a DTO imported from a
// models module) belongs in link, never in extract: extract sees one file only.

import type { Dto, Endpoint, TypeDecl } from "./types.js";

/** The part of a tree-sitter node scanners read (satisfied by lib/code-graph's nodes). */
export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly startPosition: { row: number; column: number };
  readonly endPosition: { row: number; column: number };
  readonly parent: SyntaxNode | null;
  readonly children: readonly SyntaxNode[];
  readonly namedChildren: readonly SyntaxNode[];
  childForFieldName(name: string): SyntaxNode | null;
}

/** One source file of the scanned tree, as a scanner's extract step sees it. */
export interface SourceFile {
  /** Relative to the service root, POSIX separators. */
  readonly path: string;
  /** lib/code-graph's language id: "typescript", "tsx", "javascript", "python", "java", "kotlin"… */
  readonly language: string;
  readonly text: string;
  /** Content hash; the cache key of the file's facts. */
  readonly hash: string;
  /** The tree-sitter syntax tree's root, parsed once and shared by every scanner. */
  readonly root: SyntaxNode;
}

/** The facts one scanner extracted from one file. */
export interface FileFacts<F> {
  path: string;
  facts: F;
}

/** What link can see beyond the facts. */
export interface LinkContext {
  /** Every scanned file's path (relative, POSIX): lets link resolve `./routes` to `routes/index.ts`. */
  files: ReadonlySet<string>;
  /** Reads a file of the tree (relative path), e.g. a settings file; undefined if absent. */
  readFile(path: string): string | undefined;
  /**
   * Facts (by facts key) of modules outside the tree that it imports (paths starting `../`):
   * for resolving names only, never scanned for routes (outside-modules.ts).
   */
  outside?: ReadonlyMap<string, readonly FileFacts<unknown>[]>;
}

/** What one scanner contributes to a service's manifest. Paths are full; DTO names are unique. */
export interface ScanContribution {
  endpoints: Endpoint[];
  dtos: Dto[];
  types: TypeDecl[];
}

export interface FrameworkScanner<F = unknown> {
  /** Written into `frameworks` of the manifest when this scanner found endpoints: "express", "fastify"… */
  readonly name: string;
  /**
   * "framework" scanners find routes (and the DTOs only they can name, e.g. inline schemas);
   * "models" scanners find DTOs and types of a language (TS interfaces, zod, pydantic…) and are
   * never listed in `frameworks`.
   */
  readonly kind: "framework" | "models";
  /** lib/code-graph language ids of the files this scanner reads. */
  readonly languages: readonly string[];
  /**
   * Bump when extract's output changes shape or meaning: cached facts of another version are
   * extracted again.
   */
  readonly version: number;
  /**
   * Scanners that read the same facts (all JavaScript frameworks read one module summary) give
   * the same key: the file is extracted once for all of them and cached once. Defaults to
   * `name@version`.
   */
  readonly factsKey?: string;
  /**
   * Whether extract may find anything in a file of its languages, from the path alone; a file
   * no scanner reads is not parsed (Rails reads `config/routes.rb`, not every `.rb`). Default: all.
   */
  reads?(path: string): boolean;
  /**
   * The packages whose import makes a module this framework's code (`express`): a scan leaves
   * out the modules its package never loads only when a loaded one imports each of these.
   */
  readonly packages?: readonly string[];
  /** The facts of one file, or undefined when the file holds nothing for this scanner. */
  extract(file: SourceFile): F | undefined;
  link(files: readonly FileFacts<F>[], ctx: LinkContext): ScanContribution;
}
