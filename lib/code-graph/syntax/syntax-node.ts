// The part of a tree-sitter node the shared syntax readers need: web-tree-sitter's `Node` (the
// code graph) and the manifest scanners' `SyntaxNode` both satisfy it.

export interface SyntaxNodeLike {
  readonly type: string;
  readonly text: string;
  readonly startPosition: { readonly row: number; readonly column: number };
  readonly children: readonly (SyntaxNodeLike | null)[];
  readonly namedChildren: readonly (SyntaxNodeLike | null)[];
  childForFieldName(name: string): SyntaxNodeLike | null;
}

/** The named children, without the nulls web-tree-sitter's typings allow. */
export function namedChildrenOf<N extends SyntaxNodeLike>(n: N | null | undefined): N[] {
  return (n?.namedChildren ?? []).filter((c): c is N => c !== null);
}

/** The same node (web-tree-sitter may hand out two objects for one node). */
export function sameStart(a: SyntaxNodeLike, b: SyntaxNodeLike): boolean {
  return a.startPosition.row === b.startPosition.row && a.startPosition.column === b.startPosition.column;
}
