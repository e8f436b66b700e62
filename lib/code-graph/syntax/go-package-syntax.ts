// The name a Go `package` clause declares, read once for both the code graph (extract/go.ts:
// the file's package) and `e2e manifest` (frameworks/go/go-extract.ts).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** `p` of `package p`; a comment in the clause is a named node too, so it is skipped. */
export function readGoPackage(clause: SyntaxNodeLike): string | undefined {
  return namedChildrenOf(clause).find((c) => c.type !== "comment")?.text;
}
