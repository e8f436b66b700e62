// What a TypeScript named type declaration declares (`interface`, `type X = …`, `enum`), read once
// for both the code graph (extract/typescript.ts: interface, type and enum symbols, an interface's
// method signatures) and `e2e manifest` (controller/src/manifest/js/type-declarations.ts: the
// DTOs, their fields, heritage, literal unions and enum values).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

export type TsTypeDeclarationKind = "interface" | "type" | "enum";

const KINDS: Record<string, TsTypeDeclarationKind> = {
  interface_declaration: "interface",
  type_alias_declaration: "type",
  enum_declaration: "enum",
};

export interface TsTypeDeclaration<N extends SyntaxNodeLike> {
  readonly kind: TsTypeDeclarationKind;
  readonly declaration: N;
  /** Null in a tree with errors. */
  readonly name: N | null;
  /**
   * What it declares: an interface's `interface_body`, a type alias's value (any type node), an
   * enum's `enum_body`; their entries are read with `readClassMember` (interfaces, object types).
   */
  readonly body: N | null;
  /** An interface's `extends A, B<C>`: the type nodes, in order (none for a type alias or enum). */
  readonly heritage: N[];
}

/** Reads an `interface_declaration`, `type_alias_declaration` or `enum_declaration`; else undefined. */
export function readTsTypeDeclaration<N extends SyntaxNodeLike>(
  declaration: N,
): TsTypeDeclaration<N> | undefined {
  const kind = KINDS[declaration.type];
  return kind ? new TypeDeclaration(kind, declaration) : undefined;
}

// A class with prototype getters, as the other readers (a closure per part costs the manifest's
// extract CPU): the code graph never asks for the heritage.
class TypeDeclaration<N extends SyntaxNodeLike> implements TsTypeDeclaration<N> {
  constructor(
    readonly kind: TsTypeDeclarationKind,
    readonly declaration: N,
  ) {}
  get name(): N | null {
    return this.declaration.childForFieldName("name") as N | null;
  }
  get body(): N | null {
    const field = this.kind === "type" ? "value" : "body";
    return this.declaration.childForFieldName(field) as N | null;
  }
  get heritage(): N[] {
    const clause = namedChildrenOf(this.declaration).find((c) => c.type === "extends_type_clause");
    return namedChildrenOf(clause);
  }
}
