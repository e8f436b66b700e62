// What a JavaScript/TypeScript module's import and export statements say, read once for both
// the code graph (extract/typescript.ts: IMPORTS edges, exported symbols) and `e2e manifest`
// (controller/src/manifest/js: module bindings and exports).

import type { ImportBinding } from "../facts.js";
import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** `\\n`, `\\'` → the character (JSON's escapes, else the escaped character itself). */
export function unescapeJs(sequence: string): string {
  try {
    return JSON.parse(`"${sequence}"`) as string;
  } catch {
    return sequence.slice(1);
  }
}

/** The text of a string literal node, without quotes, escapes resolved. */
export function jsStringText(n: SyntaxNodeLike): string {
  return namedChildrenOf(n)
    .map((c) => (c.type === "escape_sequence" ? unescapeJs(c.text) : c.text))
    .join("");
}

/** An `import` statement: the module as written and the names it binds here. */
export interface EsImport {
  specifier: string;
  bindings: ImportBinding[];
}

/**
 * `import d, { a, b as c } from "m"` → d→default, a→a, c→b; `import * as ns from "m"` → ns→*;
 * `import "m"` binds nothing. Undefined for a statement without a source.
 */
export function readEsImport(statement: SyntaxNodeLike): EsImport | undefined {
  const source = statement.childForFieldName("source");
  if (!source) return undefined;
  const bindings: ImportBinding[] = [];
  const clause = namedChildrenOf(statement).find((c) => c.type === "import_clause");
  for (const part of namedChildrenOf(clause)) {
    if (part.type === "identifier") bindings.push({ local: part.text, imported: "default" });
    else if (part.type === "namespace_import") {
      const local = part.namedChildren[0]?.text;
      if (local) bindings.push({ local, imported: "*" });
    } else if (part.type === "named_imports") {
      for (const specifier of namedChildrenOf(part)) {
        const name = specifier.childForFieldName("name")?.text;
        if (!name) continue;
        bindings.push({ imported: name, local: specifier.childForFieldName("alias")?.text ?? name });
      }
    }
  }
  return { specifier: jsStringText(source), bindings };
}

/** One name of an `export { a, b as c }` list: `name` here, exported as `alias` if given. */
export interface ExportSpecifier {
  name: string;
  alias?: string;
}

/** The names of an export statement's `{ … }` list; undefined when it has none. */
export function readExportList(statement: SyntaxNodeLike): ExportSpecifier[] | undefined {
  const clause = namedChildrenOf(statement).find((c) => c.type === "export_clause");
  if (!clause) return undefined;
  const specifiers: ExportSpecifier[] = [];
  for (const specifier of namedChildrenOf(clause)) {
    const name = specifier.childForFieldName("name")?.text;
    if (!name) continue;
    const alias = specifier.childForFieldName("alias")?.text;
    specifiers.push(alias === undefined ? { name } : { name, alias });
  }
  return specifiers;
}

/** What an `export` statement exports. Parts are read when asked for. */
export interface EsExport<N extends SyntaxNodeLike> {
  /** `export default …`. */
  readonly isDefault: boolean;
  /** `export const x = …`, `export class X {}`, `export default function f() {}`. */
  readonly declaration: N | null;
  /** `export default <expression>`. */
  readonly value: N | null;
  /** `… from "m"`: the module as written, escapes resolved. */
  readonly source: string | undefined;
  /** `export { a, b as c } [from "m"]` (readExportList). */
  readonly list: ExportSpecifier[] | undefined;
  /** `export * as ns from "m"`: `ns` ("" in a tree with errors); undefined without `* as`. */
  readonly namespace: string | undefined;
}

export function readExportStatement<N extends SyntaxNodeLike>(statement: N): EsExport<N> {
  return new ExportStatement(statement);
}

// A class with prototype getters (parts read when asked for), not an object literal with getters,
// which costs a closure per part (js-declaration-syntax.ts says what that cost).
class ExportStatement<N extends SyntaxNodeLike> implements EsExport<N> {
  constructor(private readonly statement: N) {}
  get isDefault(): boolean {
    return this.statement.children.some((c) => c?.type === "default");
  }
  get declaration(): N | null {
    return this.statement.childForFieldName("declaration") as N | null;
  }
  get value(): N | null {
    return this.statement.childForFieldName("value") as N | null;
  }
  get source(): string | undefined {
    const source = this.statement.childForFieldName("source");
    return source ? jsStringText(source) : undefined;
  }
  get list(): ExportSpecifier[] | undefined {
    return readExportList(this.statement);
  }
  get namespace(): string | undefined {
    const namespace = namedChildrenOf(this.statement).find((c) => c.type === "namespace_export");
    return namespace ? (namespace.namedChildren[0]?.text ?? "") : undefined;
  }
}
