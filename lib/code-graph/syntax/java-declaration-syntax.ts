// What a Java file declares at the level of packages and types, read once for both the code
// graph (extract/java.ts: the package a file's types belong to, type symbols) and `e2e manifest`
// (controller/src/manifest/frameworks/jvm/java-extract.ts: Spring controllers and DTO classes).

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** A type declaration's kind as the grammar says it (`@interface` is `annotation`). */
export type JavaTypeKind = "class" | "record" | "interface" | "annotation" | "enum";

const TYPE_KINDS: Record<string, JavaTypeKind> = {
  class_declaration: "class",
  record_declaration: "record",
  interface_declaration: "interface",
  annotation_type_declaration: "annotation",
  enum_declaration: "enum",
};

/** The kind of a type declaration (top level, nested or in an enum body); else undefined. */
export function javaTypeKind(node: SyntaxNodeLike): JavaTypeKind | undefined {
  return TYPE_KINDS[node.type];
}

/** `@Ann package a.b.c;` → "a.b.c" (annotations left out); undefined when it names none. */
export function readJavaPackage(declaration: SyntaxNodeLike): string | undefined {
  return namedChildrenOf(declaration).find((c) => c.type !== "annotation")?.text;
}
