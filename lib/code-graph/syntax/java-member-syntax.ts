// What a Java type's body declares (methods, constructors, fields, constants, enum constants,
// nested types) and with which modifiers, read once for both the code graph (extract/java.ts:
// method and public field symbols) and `e2e manifest` (controller/src/manifest/frameworks/jvm/
// java-extract.ts: handler methods, DTO fields, constants, enum values).

import { javaTypeKind } from "./java-declaration-syntax.js";
import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** `annotation-element` is an `@interface`'s `String value();`; `type` a nested type declaration. */
export type JavaMemberKind =
  | "method"
  | "constructor"
  | "annotation-element"
  | "field"
  | "constant"
  | "enum-constant"
  | "type"
  | "other";

const MEMBER_KINDS: Record<string, JavaMemberKind> = {
  method_declaration: "method",
  constructor_declaration: "constructor",
  compact_constructor_declaration: "constructor",
  annotation_type_element_declaration: "annotation-element",
  field_declaration: "field",
  constant_declaration: "constant",
  enum_constant: "enum-constant",
};

/** One `name = value` of a field or constant declaration. */
export interface JavaDeclarator<N extends SyntaxNodeLike> {
  readonly declarator: N;
  readonly name: N | null;
  readonly value: N | null;
}

export interface JavaMember<N extends SyntaxNodeLike> {
  readonly kind: JavaMemberKind;
  readonly member: N;
  /** A method's, annotation element's or enum constant's name (a compact constructor has none). */
  readonly name: N | null;
  /** A field's or constant's declarators (`int a = 1, b;`), in order; none for other members. */
  readonly declarators: JavaDeclarator<N>[];
}

/**
 * The members of a `class_body`, `interface_body`, `enum_body` or `annotation_type_body`, in
 * order, an enum's `enum_body_declarations` (the members after its constants) read in place.
 */
export function readJavaMembers<N extends SyntaxNodeLike>(body: N | null): JavaMember<N>[] {
  const out: JavaMember<N>[] = [];
  for (const member of namedChildrenOf(body)) {
    if (member.type === "enum_body_declarations") out.push(...readJavaMembers(member));
    else out.push(new Member(member));
  }
  return out;
}

// A class with prototype getters, as the other readers: parts are read when asked for.
class Member<N extends SyntaxNodeLike> implements JavaMember<N> {
  readonly kind: JavaMemberKind;
  constructor(readonly member: N) {
    this.kind = MEMBER_KINDS[member.type] ?? (javaTypeKind(member) ? "type" : "other");
  }
  get name(): N | null {
    return this.member.childForFieldName("name") as N | null;
  }
  get declarators(): JavaDeclarator<N>[] {
    if (this.kind !== "field" && this.kind !== "constant") return [];
    return namedChildrenOf(this.member)
      .filter((c) => c.type === "variable_declarator")
      .map((declarator) => ({
        declarator,
        name: declarator.childForFieldName("name") as N | null,
        value: declarator.childForFieldName("value") as N | null,
      }));
  }
}

/** The `modifiers` node of a type, member or parameter (keywords and annotations); else undefined. */
export function javaModifiers<N extends SyntaxNodeLike>(node: N): N | undefined {
  return namedChildrenOf(node).find((c) => c.type === "modifiers");
}

/** Whether a declaration is written with this modifier keyword (`public`, `static`, `final`). */
export function hasJavaModifier(node: SyntaxNodeLike, keyword: string): boolean {
  return javaModifiers(node)?.children.some((c) => c?.type === keyword) ?? false;
}
