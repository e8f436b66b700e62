// What a Kotlin `import` header says, read once for both the code graph (extract/kotlin.ts:
// IMPORTS edges) and `e2e manifest` (frameworks/jvm/kotlin-extract.ts: simple name → qualified
// name). Kotlin's semantics: `import a.b.C as D` makes `D` the local name of `a.b.C`;
// `import a.b.*` brings in the declarations of package `a.b` and binds no name of its own.

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

export interface KotlinImport {
  /** The dotted name as written: `a.b.C`, `a.b` for `a.b.*`. */
  name: string;
  /** `import a.b.*`. */
  wildcard: boolean;
  /** The name the file uses: the alias of `as D`, else the last segment; none for `.*`. */
  local: string | undefined;
}

/** Reads an `import` header; undefined when it names nothing (a tree with errors). */
export function readKotlinImport(header: SyntaxNodeLike): KotlinImport | undefined {
  const parts = namedChildrenOf(header);
  const name = parts.find((c) => c.type === "qualified_identifier")?.text;
  if (!name) return undefined;
  // The grammar has no alias node: `as D` leaves `D` as a plain identifier beside the name.
  const alias = parts.find((c) => c.type === "identifier")?.text;
  const wildcard = header.children.some((c) => c?.type === "*");
  return { name, wildcard, local: wildcard ? undefined : (alias ?? lastSegment(name)) };
}

/** `C` of `a.b.C`: the name a Kotlin import declares in its package. */
export function lastSegment(dotted: string): string {
  return dotted.slice(dotted.lastIndexOf(".") + 1);
}
