// What a Java `import` declaration says, read once for both the code graph (extract/java.ts:
// IMPORTS edges) and `e2e manifest` (frameworks/jvm/java-extract.ts: DTO and constant names).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

export interface JavaImport {
  /** The dotted name as written: `a.b.C`, `a.b` for `a.b.*`, `a.b.C.m` for a static member. */
  name: string;
  /** `import a.b.*`. */
  wildcard: boolean;
  /** `import static …`. */
  isStatic: boolean;
}

/** Reads an `import_declaration`; undefined when it names nothing (a tree with errors). */
export function readJavaImport(declaration: SyntaxNodeLike): JavaImport | undefined {
  const parts = namedChildrenOf(declaration);
  const name = parts.find((c) => c.type === "scoped_identifier" || c.type === "identifier");
  if (!name) return undefined;
  return {
    name: name.text,
    wildcard: parts.some((c) => c.type === "asterisk"),
    isStatic: declaration.children.some((c) => c?.type === "static"),
  };
}
