// What a Kotlin declaration declares (its kind and name), read once for both the code graph
// (extract/kotlin.ts: symbols) and `e2e manifest` (frameworks/jvm/kotlin-extract.ts: classes,
// objects, enums, handler functions). What each side then reads inside (the manifest:
// annotations, parameters, constants; the code graph: visibility, signatures) stays its own.

import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

export type KotlinDeclarationKind =
  | "class"
  | "interface"
  | "enum"
  | "annotation"
  | "object"
  | "companion"
  | "function"
  | "property"
  | "typeAlias";

export interface KotlinDeclaration<N extends SyntaxNodeLike> {
  kind: KotlinDeclarationKind;
  /** The declared name; none for an unnamed companion object (Kotlin calls it `Companion`). */
  name: N | undefined;
  /** `modifiers`: annotations and keywords (`enum`, `private`, `const`…). */
  modifiers: N | undefined;
  /** A class's or object's `class_body`/`enum_class_body`, a function's `function_body`. */
  body: N | undefined;
}

const BODIES = new Set(["class_body", "enum_class_body", "function_body"]);

/** Reads a class, interface, object, companion, function, property or type alias; else undefined. */
export function readKotlinDeclaration<N extends SyntaxNodeLike>(node: N): KotlinDeclaration<N> | undefined {
  const kind = kindOf(node);
  if (!kind) return undefined;
  let modifiers: N | undefined;
  let body: N | undefined;
  for (const child of namedChildrenOf(node)) {
    if (child.type === "modifiers") modifiers ??= child;
    else if (BODIES.has(child.type)) body ??= child;
  }
  return { kind, name: nameOf(node, kind), modifiers, body };
}

function kindOf(node: SyntaxNodeLike): KotlinDeclarationKind | undefined {
  switch (node.type) {
    case "class_declaration":
      return classKind(node);
    case "object_declaration":
      return "object";
    case "companion_object":
      return "companion";
    case "function_declaration":
      return "function";
    case "property_declaration":
      return "property";
    case "type_alias":
      return "typeAlias";
    default:
      return undefined;
  }
}

/** `enum class`, `annotation class` (modifiers), `interface` (its keyword), else a class. */
function classKind(node: SyntaxNodeLike): KotlinDeclarationKind {
  const modifiers = namedChildrenOf(node).find((c) => c.type === "modifiers");
  for (const m of namedChildrenOf(modifiers)) {
    if (m.type !== "class_modifier") continue;
    if (m.text === "enum") return "enum";
    if (m.text === "annotation") return "annotation";
  }
  return node.children.some((c) => c?.type === "interface") ? "interface" : "class";
}

function nameOf<N extends SyntaxNodeLike>(node: N, kind: KotlinDeclarationKind): N | undefined {
  // A property's name is the first part of its `variable_declaration` (`val a: T`); a type
  // alias's name is its `type` field (the grammar's naming).
  if (kind === "property")
    return namedChildrenOf(namedChildrenOf(node).find((c) => c.type === "variable_declaration"))[0];
  if (kind === "typeAlias") return (node.childForFieldName("type") as N | null) ?? undefined;
  return (
    (node.childForFieldName("name") as N | null) ??
    namedChildrenOf(node).find((c) => c.type === "identifier" || c.type === "type_identifier")
  );
}
