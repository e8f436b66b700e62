// What JavaScript/TypeScript declarations declare, read once for both the code graph
// (extract/typescript.ts: symbols, their names and ranges) and `e2e manifest`
// (controller/src/manifest/js: the module walk's names, classes and their members).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** Node types of an expression whose value is a function (`() => …`, `function () {}`). */
export const JS_FUNCTION_VALUES: ReadonlySet<string> = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "generator_function",
]);

/** One `name = value` of a `const`/`let`/`var` declaration. */
export interface JsDeclarator<N extends SyntaxNodeLike> {
  readonly declarator: N;
  /** An identifier, or a pattern (`{ a, b }`, `[x, y]`); null in a tree with errors. */
  readonly name: N | null;
  readonly value: N | null;
  /** The type annotation (`: Router`), colon included. */
  readonly type: N | null;
}

/**
 * The declarators of a `lexical_declaration` or `variable_declaration`, in order. The parts are
 * read when asked for (each is a call into the WASM tree; the code graph never needs the type).
 */
export function readDeclarators<N extends SyntaxNodeLike>(declaration: N): JsDeclarator<N>[] {
  const out: JsDeclarator<N>[] = [];
  for (const declarator of namedChildrenOf(declaration)) {
    if (declarator.type === "variable_declarator") out.push(new Declarator(declarator));
  }
  return out;
}

// A class, not an object literal with getters: literal getters cost a closure each and, measured
// on the manifest's extract of 2,361 files, a third more CPU (5.2 → 7.1 s, mostly the garbage
// collector); prototype getters cost one small object per declarator.
class Declarator<N extends SyntaxNodeLike> implements JsDeclarator<N> {
  constructor(readonly declarator: N) {}
  get name(): N | null {
    return this.declarator.childForFieldName("name") as N | null;
  }
  get value(): N | null {
    return this.declarator.childForFieldName("value") as N | null;
  }
  get type(): N | null {
    return this.declarator.childForFieldName("type") as N | null;
  }
}

/**
 * What a class (or interface) body entry is: a method with a body, a method signature without
 * one (an interface's, an abstract one, an overload), a field (`x = …`, `x: T`), a decorator
 * standing before the next member, or something else (`static {}`, `;`).
 */
export type JsMemberKind = "method" | "method-signature" | "field" | "decorator" | "other";

const MEMBER_KINDS: Record<string, JsMemberKind> = {
  method_definition: "method",
  method_signature: "method-signature",
  abstract_method_signature: "method-signature",
  public_field_definition: "field",
  field_definition: "field",
  property_signature: "field",
  decorator: "decorator",
};

export interface JsClassMember<N extends SyntaxNodeLike> {
  readonly kind: JsMemberKind;
  readonly member: N;
  /** The member's name (JavaScript's `field_definition` calls it `property`). */
  readonly name: N | null;
  /** A field's initialiser. */
  readonly value: N | null;
  /** A field's or property signature's type annotation (`: T`), colon included. */
  readonly type: N | null;
  /** Written with `?` (`x?: T`, `m?(): T`). */
  readonly optional: boolean;
}

/**
 * Reads one named child of a `class_body` / `interface_body` / `object_type` (parts when asked for):
 * an interface's or object type's `x?: T` is a field with a type.
 */
export function readClassMember<N extends SyntaxNodeLike>(member: N): JsClassMember<N> {
  return new ClassMember(member);
}

class ClassMember<N extends SyntaxNodeLike> implements JsClassMember<N> {
  readonly kind: JsMemberKind;
  constructor(readonly member: N) {
    this.kind = MEMBER_KINDS[member.type] ?? "other";
  }
  get name(): N | null {
    return (this.member.childForFieldName("name") ?? this.member.childForFieldName("property")) as N | null;
  }
  get value(): N | null {
    return this.member.childForFieldName("value") as N | null;
  }
  get type(): N | null {
    return this.member.childForFieldName("type") as N | null;
  }
  get optional(): boolean {
    return this.member.children.some((c) => c?.type === "?");
  }
}

/** Whether a member is written with one of these keywords (`static`, `get`, `set`, `async`). */
export function hasKeyword(member: SyntaxNodeLike, ...keywords: string[]): boolean {
  return member.children.some((c) => c !== null && keywords.includes(c.type));
}

/** `#x`, or TypeScript's `private x`. */
export function isPrivateMember(member: SyntaxNodeLike, name: SyntaxNodeLike): boolean {
  return (
    name.type === "private_property_identifier" ||
    namedChildrenOf(member).some((c) => c.type === "accessibility_modifier" && c.text === "private")
  );
}
