// What a Go `import` declaration says, read once for both the code graph (extract/go.ts:
// IMPORTS edges) and `e2e manifest` (frameworks/go/go-extract.ts: package names for Gin and
// net/http).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** One `import alias "path"` spec of a declaration (single or grouped). */
export interface GoImport {
  /** The import path, unquoted; undefined when the spec has no string path (a tree with errors). */
  path: string | undefined;
  /** `.`, `_` or a name, when written. */
  alias?: string;
  /** 1-based line of the spec. */
  line: number;
}

/** The specs of an `import_declaration`, in order. */
export function readGoImports(declaration: SyntaxNodeLike): GoImport[] {
  return importSpecs(declaration).map((spec) => {
    const alias = spec.childForFieldName("name")?.text;
    const read: GoImport = {
      path: goStringText(spec.childForFieldName("path")),
      line: spec.startPosition.row + 1,
    };
    if (alias !== undefined) read.alias = alias;
    return read;
  });
}

function importSpecs(node: SyntaxNodeLike): SyntaxNodeLike[] {
  const out: SyntaxNodeLike[] = [];
  for (const child of namedChildrenOf(node)) {
    if (child.type === "import_spec") out.push(child);
    else out.push(...importSpecs(child));
  }
  return out;
}

/** A Go string literal's value: `"…"` with escapes resolved, or a raw `` `…` `` as written. */
function goStringText(node: SyntaxNodeLike | null): string | undefined {
  if (node?.type === "raw_string_literal") return node.text.slice(1, -1);
  if (node?.type !== "interpreted_string_literal") return undefined;
  try {
    return JSON.parse(node.text) as string;
  } catch {
    return node.text.slice(1, -1);
  }
}
