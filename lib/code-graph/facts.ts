// What one file says on its own, before anything is resolved across files. Facts are plain data
// (structured-clone safe) so they can be computed in a worker and cached by content hash.
import type { SymbolKind } from "./model.js";

export interface SymbolFact {
  /** Qualified within the file: `Class.method`. */
  qualified: string;
  name: string;
  kind: SymbolKind;
  /** 1-based, inclusive. */
  line: number;
  endLine: number;
  signature: string;
  exported: boolean;
  /** `default` export (JS/TS). */
  isDefault?: boolean;
  /** Qualified name of the containing class/interface (same file), or, for a Go method, its receiver type. */
  parent?: string;
}

/** One name an import binds in the importing file. */
export interface ImportBinding {
  /** The name used in this file. */
  local: string;
  /** The name in the target module: a symbol name, `default`, or `*` for the whole module. */
  imported: string;
}

export interface ImportFact {
  /** As written: `./x.js`, `@scope/pkg`, `a.b.c` (Python, Java), `example.com/m/pkg` (Go). */
  specifier: string;
  /** Python relative imports: the number of leading dots. */
  level?: number;
  bindings: ImportBinding[];
  /** `export * from` / `export { x } from`: the file re-exports these bindings. */
  reexport?: boolean;
  /** Java `import a.b.*`, Python `from m import *`, Go dot import. */
  wildcard?: boolean;
  /** Java `import static`. */
  isStatic?: boolean;
  line: number;
}

export interface ReferenceFact {
  /** Qualified name of the innermost enclosing symbol; undefined at file level. */
  from?: string;
  name: string;
  /** The identifier before the dot (`ns.f()`, `self.m()`, `pkg.Type`), when simple. */
  qualifier?: string;
  /** A member of a receiver we cannot name (`a.b.c()`, `f().g()`): only the member name is known. */
  member?: boolean;
  /** A plain name read as a value (not called, not a type): resolved only through imports and scope. */
  value?: boolean;
  line: number;
}

export interface FileFacts {
  language: string;
  lines: number;
  /** Package (Java, Kotlin) or package name (Go) the file declares. */
  packageName?: string;
  symbols: SymbolFact[];
  imports: ImportFact[];
  references: ReferenceFact[];
  /** The tree had syntax errors (extraction still ran on what parsed). */
  hasErrors: boolean;
}
