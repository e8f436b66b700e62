// The part of a tree-sitter node the shared syntax readers need: web-tree-sitter's `Node` (the
// code graph) and the manifest scanners' `SyntaxNode` both satisfy it.

export interface SyntaxNodeLike {
  readonly type: string;
  readonly text: string;
  readonly namedChildren: readonly (SyntaxNodeLike | null)[];
  childForFieldName(name: string): SyntaxNodeLike | null;
}

/** The named children, without the nulls web-tree-sitter's typings allow. */
export function namedChildrenOf<N extends SyntaxNodeLike>(n: N | null | undefined): N[] {
  return (n?.namedChildren ?? []).filter((c): c is N => c !== null);
}
