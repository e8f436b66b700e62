// Reads a Java file's tree-sitter tree into JvmFileFacts (./jvm-facts.ts).

import { javaTypeKind, readJavaImport, readJavaPackage } from "../../../../../lib/code-graph/index.js";
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
  const body = node.childForFieldName("body");
  for (const member of body?.namedChildren ?? []) {
    if (member.type === "enum_constant")
      cls.enumValues.push(member.childForFieldName("name")?.text ?? member.text);
    else if (member.type === "enum_body_declarations") readMembers(member, cls, out);
  }
  if (body) readMembers(body, cls, out);
}

function readMembers(body: SyntaxNode, cls: JvmClass, out: JvmClass[]): void {
  for (const member of body.namedChildren) {
    if (member.type === "field_declaration" || member.type === "constant_declaration") {
      const modifiers = member.namedChildren.find((c) => c.type === "modifiers")?.text ?? "";
      const isConstant =
        member.type === "constant_declaration" ||
        (modifiers.includes("static") && modifiers.includes("final"));
      const isStatic = modifiers.includes("static") || cls.kind === "interface";
      for (const declarator of member.namedChildren.filter((c) => c.type === "variable_declarator")) {
        const name = declarator.childForFieldName("name");
        const value = declarator.childForFieldName("value");
        if (isConstant && name && value) cls.constants[name.text] = readExpr(value);
        else if (!isStatic) cls.fields.push({ ...readVariable(member, name), name: name?.text ?? "" });
      }
    } else if (member.type === "method_declaration") {
      cls.methods.push(readMethod(member));
    } else if (javaTypeKind(member)) {
      readType(member, out);
    }
  }
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
  const modifiers = node.namedChildren.find((c) => c.type === "modifiers");
  return (modifiers?.namedChildren ?? [])
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
