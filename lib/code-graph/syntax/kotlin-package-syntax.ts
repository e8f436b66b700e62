// The package a Kotlin `package` header declares, read once for both the code graph
// (extract/kotlin.ts: the file's package, which scopes its names) and `e2e manifest`
// (frameworks/jvm/kotlin-extract.ts: qualified class names).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** `a.b` of `package a.b`; a comment in the header is a named node too, so it is skipped. */
export function readKotlinPackage(header: SyntaxNodeLike): string | undefined {
  return namedChildrenOf(header).find((c) => c.type === "qualified_identifier")?.text;
}
