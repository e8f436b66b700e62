// Reads a Java file's tree-sitter tree into JvmFileFacts (./jvm-facts.ts).

import {
  type JavaMember,
  javaModifiers,
  javaTypeKind,
  readJavaImport,
  readJavaMembers,
  readJavaPackage,
} from "../../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../../scanner.js";
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

export function extractJava(root: SyntaxNode): JvmFileFacts {
  const facts: JvmFileFacts = { package: "", imports: {}, classes: [], constants: {} };
  for (const node of root.namedChildren) {
    if (node.type === "package_declaration") facts.package = readJavaPackage(node) ?? "";
    else if (node.type === "import_declaration") {
      const read = readJavaImport(node);
      if (read && !read.wildcard) facts.imports[read.name.split(".").pop() ?? read.name] = read.name;
    } else readType(node, facts.classes);
  }
  return facts;
}

function readType(node: SyntaxNode, out: JvmClass[]): void {
  const kind = javaTypeKind(node);
  if (!kind) return;
  const nameNode = node.childForFieldName("name");
  const cls: JvmClass = {
    name: nameNode?.text ?? "",
    kind,
    line: nameNode ? line(nameNode) : line(node),
    annotations: annotationsOf(node),
    supers: supersOf(node).map((t) => t.name),
    superTypes: supersOf(node),
    typeParams: (node.childForFieldName("type_parameters")?.namedChildren ?? []).map(
      (p) =>
        p.namedChildren.find((c) => c.type === "type_identifier" || c.type === "identifier")?.text ?? p.text,
    ),
    fields: [],
    methods: [],
    constants: {},
    enumValues: [],
  };
  out.push(cls);
  if (kind === "record") {
    for (const p of node.childForFieldName("parameters")?.namedChildren ?? []) {
      if (p.type === "formal_parameter") cls.fields.push(readVariable(p, p.childForFieldName("name")));
    }
  }
  for (const member of readJavaMembers(node.childForFieldName("body"))) readMember(member, cls, out);
}

/** Enum values, constants (`static final`), instance fields, methods and nested types. */
function readMember(read: JavaMember<SyntaxNode>, cls: JvmClass, out: JvmClass[]): void {
  const { kind, member } = read;
  if (kind === "enum-constant") cls.enumValues.push(read.name?.text ?? member.text);
  else if (kind === "field" || kind === "constant") {
    // The modifiers' text, annotations included (as written: `@JsonProperty("x") static final`).
    const modifiers = javaModifiers(member)?.text ?? "";
    const isConstant = kind === "constant" || (modifiers.includes("static") && modifiers.includes("final"));
    const isStatic = modifiers.includes("static") || cls.kind === "interface";
    for (const { name, value } of read.declarators) {
      if (isConstant && name && value) cls.constants[name.text] = readExpr(value);
      else if (!isStatic) cls.fields.push({ ...readVariable(member, name), name: name?.text ?? "" });
    }
  } else if (kind === "method") cls.methods.push(readMethod(member));
  else if (kind === "type") readType(member, out);
}

function readMethod(node: SyntaxNode): JvmMethod {
  const returns = node.childForFieldName("type");
  const anns = annotationsOf(node);
  return {
    name: node.childForFieldName("name")?.text ?? "",
    line: anns[0]?.line ?? line(node),
    annotations: anns,
    params: (node.childForFieldName("parameters")?.namedChildren ?? [])
      .filter((p) => p.type === "formal_parameter")
      .map((p) => readVariable(p, p.childForFieldName("name"))),
    returns: returns ? readType_(returns) : undefined,
  };
}

function readVariable(node: SyntaxNode, nameNode: SyntaxNode | null): JvmVariable {
  const type = node.childForFieldName("type");
  return {
    name: nameNode?.text ?? "",
    type: type ? readType_(type) : undefined,
    annotations: annotationsOf(node),
    hasDefault: false,
    line: line(node),
  };
}

function annotationsOf(node: SyntaxNode): JvmAnnotation[] {
  return (javaModifiers(node)?.namedChildren ?? [])
    .filter((a) => a.type === "annotation" || a.type === "marker_annotation")
    .map(readAnnotation);
}

function readAnnotation(node: SyntaxNode): JvmAnnotation {
  const name = (node.childForFieldName("name")?.text ?? "").split(".").pop() ?? "";
  const args: Record<string, JvmExpr> = {};
  for (const arg of node.childForFieldName("arguments")?.namedChildren ?? []) {
    if (arg.type === "element_value_pair") {
      const key = arg.childForFieldName("key")?.text;
      const value = arg.childForFieldName("value");
      if (key && value) args[key] = readExpr(value);
    } else if (arg.type !== "comment") {
      args.value = readExpr(arg);
    }
  }
  return { name, args, line: line(node) };
}

function supersOf(node: SyntaxNode): JvmType[] {
  const out: JvmType[] = [];
  const superclass = node.childForFieldName("superclass");
  if (superclass) out.push(...superclass.namedChildren.map(readType_));
  const interfaces =
    node.childForFieldName("interfaces") ?? node.namedChildren.find((c) => c.type === "extends_interfaces");
  for (const list of interfaces?.namedChildren ?? []) {
    if (list.type === "type_list") out.push(...list.namedChildren.map(readType_));
    else out.push(readType_(list));
  }
  return out;
}

function typeName(node: SyntaxNode): string {
  if (node.type === "generic_type") return typeName(node.namedChildren[0] ?? node);
  return node.text.split(".").pop() ?? node.text;
}

function readType_(node: SyntaxNode): JvmType {
  if (node.type === "array_type") {
    const element = node.childForFieldName("element");
    return { ...(element ? readType_(element) : { name: "Object", args: [], nullable: false }), array: true };
  }
  if (node.type === "generic_type") {
    const head = node.namedChildren[0];
    const args = node.namedChildren.find((c) => c.type === "type_arguments")?.namedChildren ?? [];
    return {
      name: head ? typeName(head) : "Object",
      args: args.map(readType_),
      nullable: false,
      array: false,
    };
  }
  return { name: typeName(node), args: [], nullable: false, array: false };
}

function readExpr(node: SyntaxNode): JvmExpr {
  switch (node.type) {
    case "string_literal": {
      let v = "";
      for (const part of node.namedChildren)
        v += part.type === "escape_sequence" ? decodeEscape(part.text) : part.text;
      return { k: "str", v };
    }
    case "decimal_integer_literal":
    case "decimal_floating_point_literal":
    case "hex_integer_literal":
      return { k: "num", v: numberOf(node.text) };
    case "true":
      return { k: "bool", v: true };
    case "false":
      return { k: "bool", v: false };
    case "identifier":
      return { k: "ref", path: [node.text] };
    case "field_access":
    case "scoped_identifier": {
      const object = node.childForFieldName("object") ?? node.childForFieldName("scope");
      const field = node.childForFieldName("field") ?? node.childForFieldName("name");
      const head = object ? readExpr(object) : undefined;
      return { k: "ref", path: [...(head?.k === "ref" ? head.path : []), field?.text ?? ""] };
    }
    case "binary_expression": {
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      return { k: "concat", parts: [left ? readExpr(left) : OTHER, right ? readExpr(right) : OTHER] };
    }
    case "element_value_array_initializer":
    case "array_initializer":
      return { k: "array", items: node.namedChildren.map(readExpr) };
    case "parenthesized_expression":
      return node.namedChildren[0] ? readExpr(node.namedChildren[0]) : OTHER;
    default:
      return { k: "other", text: node.text };
  }
}

/** A numeric literal's value without its suffix (`10L`, `2.5f`) or digit separators. */
export function numberOf(text: string): number {
  let digits = "";
  for (const ch of text) if (!"lLfFdD_".includes(ch) || text.startsWith("0x")) digits += ch;
  return Number(digits);
}

const OTHER: JvmExpr = { k: "other", text: "" };

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "'": "'", "\\": "\\" };

/** A Java escape sequence's character (`\\d` in a regex literal stays `\d`). */
function decodeEscape(text: string): string {
  return ESCAPES[text.slice(1)] ?? text;
}
