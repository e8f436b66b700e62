// Reads a Kotlin file's tree-sitter tree into JvmFileFacts (./jvm-facts.ts): classes, data
// classes (constructor `val`s are the fields), objects with `const val`s, enum classes,
// annotations with use-site targets (`@field:NotBlank`), nullable types (`String?`).

import {
  readKotlinDeclaration,
  readKotlinImport,
  readKotlinPackage,
} from "../../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../../scanner.js";
import { numberOf } from "./java-extract.js";
import type {
  JvmAnnotation,
  JvmClass,
  JvmExpr,
  JvmFileFacts,
  JvmMethod,
  JvmType,
  JvmVariable,
} from "./jvm-facts.js";

const line = (n: SyntaxNode) => n.startPosition.row + 1;

export function extractKotlin(root: SyntaxNode): JvmFileFacts {
  const facts: JvmFileFacts = { package: "", imports: {}, classes: [], constants: {} };
  for (const node of root.namedChildren) {
    if (node.type === "package_header") facts.package = readKotlinPackage(node) ?? "";
    else if (node.type === "import" || node.type === "import_header") {
      // A wildcard binds no name (its package's classes resolve by simple name).
      const read = readKotlinImport(node);
      if (read?.local) facts.imports[read.local] = read.name;
    } else if (node.type === "property_declaration") {
      readConstant(node, facts.constants);
    } else readClass(node, facts.classes);
  }
  return facts;
}

const CLASS_KINDS: ReadonlySet<string> = new Set(["class", "interface", "enum", "annotation", "object"]);

function readClass(node: SyntaxNode, out: JvmClass[]): void {
  const read = readKotlinDeclaration(node);
  if (!read || !CLASS_KINDS.has(read.kind)) return;
  const kind = read.kind as JvmClass["kind"];
  const { modifiers, name: nameNode } = read;
  const cls: JvmClass = {
    name: nameNode?.text ?? "",
    kind,
    line: nameNode ? line(nameNode) : line(node),
    annotations: annotationsOf(modifiers),
    supers: [],
    superTypes: [],
    typeParams: (node.namedChildren.find((c) => c.type === "type_parameters")?.namedChildren ?? []).map(
      (p) =>
        p.namedChildren.find((c) => c.type === "identifier" || c.type === "type_identifier")?.text ?? p.text,
    ),
    fields: [],
    methods: [],
    constants: {},
    enumValues: [],
  };
  out.push(cls);
  for (const child of node.namedChildren) {
    if (child.type === "delegation_specifiers") {
      for (const spec of child.namedChildren) {
        cls.supers.push(typeName(spec));
        const user = spec.type === "user_type" ? spec : findDescendant(spec, "user_type");
        cls.superTypes.push(
          user ? readType(user) : { name: typeName(spec), args: [], nullable: false, array: false },
        );
      }
    } else if (child.type === "primary_constructor") {
      for (const param of child.namedChildren.find((c) => c.type === "class_parameters")?.namedChildren ??
        []) {
        const isProperty = param.children.some(
          (c) => c.type === "val" || c.type === "var" || c.text === "val" || c.text === "var",
        );
        if (param.type === "class_parameter" && isProperty) cls.fields.push(readParameter(param));
      }
    } else if (child.type === "class_body" || child.type === "enum_class_body") {
      readBody(child, cls, out);
    }
  }
}

function readBody(body: SyntaxNode, cls: JvmClass, out: JvmClass[]): void {
  for (const member of body.namedChildren) {
    if (member.type === "enum_entry")
      cls.enumValues.push(member.namedChildren.find((c) => c.type === "identifier")?.text ?? "");
    else if (member.type === "function_declaration") cls.methods.push(readFunction(member));
    else if (member.type === "property_declaration") {
      if (!readConstant(member, cls.constants)) cls.fields.push(readProperty(member));
    } else if (member.type === "companion_object") {
      // A companion's constants are reached through the class's name.
      const inner = member.namedChildren.find((c) => c.type === "class_body");
      for (const p of inner?.namedChildren ?? [])
        if (p.type === "property_declaration") readConstant(p, cls.constants);
    } else readClass(member, out);
  }
}

/** A `const val X = ...` into the table; false for an ordinary property. */
function readConstant(node: SyntaxNode, into: Record<string, JvmExpr>): boolean {
  const modifiers = node.namedChildren.find((c) => c.type === "modifiers");
  if (!modifiers?.namedChildren.some((m) => m.text === "const")) return false;
  const name = node.namedChildren.find((c) => c.type === "variable_declaration")?.namedChildren[0]?.text;
  const value = valueOfProperty(node);
  if (name && value) into[name] = readExpr(value);
  return true;
}

function valueOfProperty(node: SyntaxNode): SyntaxNode | undefined {
  const children = node.namedChildren;
  const declIndex = children.findIndex((c) => c.type === "variable_declaration");
  return declIndex >= 0
    ? children.slice(declIndex + 1).find((c) => c.type !== "getter" && c.type !== "setter")
    : undefined;
}

function readProperty(node: SyntaxNode): JvmVariable {
  const modifiers = node.namedChildren.find((c) => c.type === "modifiers");
  const decl = node.namedChildren.find((c) => c.type === "variable_declaration");
  const typeNode = decl?.namedChildren.find((c) => c !== decl.namedChildren[0]);
  return {
    name: decl?.namedChildren[0]?.text ?? "",
    type: typeNode ? readType(typeNode) : undefined,
    annotations: annotationsOf(modifiers),
    hasDefault: valueOfProperty(node) !== undefined,
    lateinit: modifiers?.namedChildren.some((m) => m.text === "lateinit") ?? false,
    line: line(node),
  };
}

function readParameter(node: SyntaxNode, modifiers?: SyntaxNode): JvmVariable {
  const children = node.namedChildren;
  const nameIndex = children.findIndex((c) => c.type === "identifier" || c.type === "simple_identifier");
  const typeNode = children.slice(nameIndex + 1).find((c) => isTypeNode(c));
  const typeIndex = typeNode
    ? children.findIndex(
        (c) =>
          c.startPosition.row === typeNode.startPosition.row &&
          c.startPosition.column === typeNode.startPosition.column,
      )
    : -1;
  return {
    name: children[nameIndex]?.text ?? "",
    type: typeNode ? readType(typeNode) : undefined,
    annotations: annotationsOf(
      modifiers ?? children.find((c) => c.type === "modifiers" || c.type === "parameter_modifiers"),
    ),
    hasDefault: typeIndex >= 0 && children.length > typeIndex + 1,
    line: line(node),
  };
}

function readFunction(node: SyntaxNode): JvmMethod {
  const modifiers = node.namedChildren.find((c) => c.type === "modifiers");
  const annotations = annotationsOf(modifiers);
  const params: JvmVariable[] = [];
  const list = node.namedChildren.find((c) => c.type === "function_value_parameters");
  let pending: SyntaxNode | undefined;
  // Kotlin's grammar puts a parameter's annotations in a sibling before it.
  for (const child of list?.namedChildren ?? []) {
    if (child.type === "parameter_modifiers") pending = child;
    else if (child.type === "parameter") {
      params.push(readParameter(child, pending));
      pending = undefined;
    }
  }
  const afterParams = list
    ? node.namedChildren.slice(
        node.namedChildren.findIndex((c) => c.type === "function_value_parameters") + 1,
      )
    : [];
  const returns = afterParams.find(isTypeNode);
  return {
    name: readKotlinDeclaration(node)?.name?.text ?? "",
    line: annotations[0]?.line ?? line(node),
    annotations,
    params,
    returns: returns ? readType(returns) : undefined,
  };
}

function isTypeNode(node: SyntaxNode): boolean {
  return ["user_type", "nullable_type", "function_type", "type_reference", "parenthesized_type"].includes(
    node.type,
  );
}

function readType(node: SyntaxNode): JvmType {
  if (node.type === "nullable_type" || node.type === "type_reference" || node.type === "parenthesized_type") {
    const inner = node.namedChildren[0];
    const type = inner ? readType(inner) : { name: "Any", args: [], nullable: false, array: false };
    return node.type === "nullable_type" ? { ...type, nullable: true } : type;
  }
  const ids = node.namedChildren.filter(
    (c) => c.type === "identifier" || c.type === "type_identifier" || c.type === "simple_identifier",
  );
  const args = node.namedChildren.find((c) => c.type === "type_arguments")?.namedChildren ?? [];
  return {
    name: ids[ids.length - 1]?.text ?? node.text,
    args: args.map((a) => {
      const inner = a.namedChildren.find(isTypeNode);
      return inner ? readType(inner) : { name: "Any", args: [], nullable: false, array: false };
    }),
    nullable: false,
    array: false,
  };
}

function typeName(node: SyntaxNode): string {
  const user = node.type === "user_type" ? node : findDescendant(node, "user_type");
  const ids =
    user?.namedChildren.filter((c) => c.type === "identifier" || c.type === "type_identifier") ?? [];
  return ids[ids.length - 1]?.text ?? node.text;
}

function findDescendant(node: SyntaxNode, type: string): SyntaxNode | undefined {
  for (const child of node.namedChildren) {
    if (child.type === type) return child;
    const found = findDescendant(child, type);
    if (found) return found;
  }
  return undefined;
}

function annotationsOf(modifiers: SyntaxNode | undefined | null): JvmAnnotation[] {
  return (modifiers?.namedChildren ?? []).filter((a) => a.type === "annotation").map(readAnnotation);
}

function readAnnotation(node: SyntaxNode): JvmAnnotation {
  const invocation = node.namedChildren.find((c) => c.type === "constructor_invocation");
  const user =
    invocation?.namedChildren.find((c) => c.type === "user_type") ??
    node.namedChildren.find((c) => c.type === "user_type");
  const args: Record<string, JvmExpr> = {};
  const list = invocation?.namedChildren.find((c) => c.type === "value_arguments");
  for (const arg of list?.namedChildren ?? []) {
    if (arg.type !== "value_argument") continue;
    const parts = arg.namedChildren;
    if (parts.length >= 2 && parts[0]?.type === "identifier") args[parts[0].text] = readExpr(parts[1]!);
    else if (parts[0]) args.value = readExpr(parts[0]);
  }
  return { name: user ? typeName(user) : "", args, line: line(node) };
}

function readExpr(node: SyntaxNode): JvmExpr {
  switch (node.type) {
    case "string_literal": {
      const parts: JvmExpr[] = [];
      let template = false;
      for (const part of node.namedChildren) {
        // The grammar leaves `$NAME` as the text "$" followed by text starting with the name.
        if (part.type === "string_content" && template) {
          const name = leadingIdentifier(part.text);
          parts.push({ k: "ref", path: [name] }, { k: "str", v: part.text.slice(name.length) });
          template = false;
        } else if (part.type === "string_content" && part.text === "$") template = true;
        else if (part.type === "string_content") parts.push({ k: "str", v: part.text });
        else if (part.type === "escape_sequence") parts.push({ k: "str", v: part.text.slice(1) });
        else if (
          part.type === "interpolation" ||
          part.type === "interpolated_identifier" ||
          part.type === "interpolated_expression"
        ) {
          const inner = part.namedChildren[0];
          parts.push(inner ? readExpr(inner) : { k: "other", text: part.text });
        }
      }
      if (parts.every((p) => p.k === "str"))
        return { k: "str", v: parts.map((p) => (p.k === "str" ? p.v : "")).join("") };
      return { k: "concat", parts };
    }
    case "number_literal":
    case "integer_literal":
    case "real_literal":
    case "long_literal":
      return { k: "num", v: numberOf(node.text) };
    case "boolean_literal":
      return { k: "bool", v: node.text === "true" };
    case "identifier":
    case "simple_identifier":
      if (node.text === "true" || node.text === "false") return { k: "bool", v: node.text === "true" };
      return { k: "ref", path: [node.text] };
    case "navigation_expression": {
      const path: string[] = [];
      for (const part of node.namedChildren) {
        const expr = readExpr(part);
        if (expr.k === "ref") path.push(...expr.path);
        else if (part.type === "navigation_suffix") path.push(part.namedChildren[0]?.text ?? "");
      }
      return { k: "ref", path };
    }
    case "binary_expression":
    case "additive_expression": {
      const left = node.childForFieldName("left") ?? node.namedChildren[0];
      const right = node.childForFieldName("right") ?? node.namedChildren[node.namedChildren.length - 1];
      return { k: "concat", parts: [left ? readExpr(left) : OTHER, right ? readExpr(right) : OTHER] };
    }
    case "collection_literal":
      return { k: "array", items: node.namedChildren.map(readExpr) };
    case "parenthesized_expression":
      return node.namedChildren[0] ? readExpr(node.namedChildren[0]) : OTHER;
    default:
      return { k: "other", text: node.text };
  }
}

const OTHER: JvmExpr = { k: "other", text: "" };

function leadingIdentifier(text: string): string {
  let end = 0;
  while (end < text.length) {
    const ch = text[end] as string;
    const letter = (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || ch === "_";
    if (!letter && !(end > 0 && ch >= "0" && ch <= "9")) break;
    end++;
  }
  return text.slice(0, end);
}
