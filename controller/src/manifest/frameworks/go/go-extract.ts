// One Go file's tree (tree-sitter-go) → GoFileFacts: what Gin and net/http scanners link.

import {
  type GoTypeSpec,
  readGoImports,
  readGoPackage,
  readGoReceiver,
  readGoTypeSpecs,
  readGoValueSpecs,
} from "../../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../../scanner.js";
import type { GoExpr, GoFileFacts, GoFunc, GoParam, GoStmt, GoStruct } from "./go-facts.js";

const line = (n: SyntaxNode) => n.startPosition.row + 1;
const named = (n: SyntaxNode | null) => (n ? n.namedChildren.filter((c) => c.type !== "comment") : []);

export function extractGo(root: SyntaxNode): GoFileFacts {
  const facts: GoFileFacts = { package: "", imports: {}, consts: {}, funcs: [], structs: [] };
  for (const node of named(root)) {
    switch (node.type) {
      case "package_clause":
        facts.package = readGoPackage(node) ?? "";
        break;
      case "import_declaration":
        for (const { path, alias } of readGoImports(node)) {
          if (path === undefined) continue;
          facts.imports[alias ?? path.split("/").pop()!] = path;
        }
        break;
      case "const_declaration":
      case "var_declaration":
        for (const { names, values } of readGoValueSpecs(node)) {
          names.forEach((n, i) => {
            if (values[i]) facts.consts[n.text] = readExpr(values[i]!);
          });
        }
        break;
      case "function_declaration":
      case "method_declaration":
        facts.funcs.push(readFunc(node));
        break;
      case "type_declaration":
        for (const spec of readGoTypeSpecs(node)) {
          const struct = readStruct(spec);
          if (struct) facts.structs.push(struct);
        }
        break;
    }
  }
  return facts;
}

function descendants(node: SyntaxNode, type: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const walk = (n: SyntaxNode) => {
    for (const c of n.namedChildren) {
      if (c.type === type) out.push(c);
      else walk(c);
    }
  };
  walk(node);
  return out;
}

function stringOf(node: SyntaxNode | null): string | undefined {
  if (!node) return undefined;
  if (node.type === "interpreted_string_literal") return unquote(node.text);
  if (node.type === "raw_string_literal") return node.text.slice(1, -1);
  return undefined;
}

function unquote(text: string): string {
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.slice(1, -1);
  }
}

function readParams(list: SyntaxNode | null): GoParam[] {
  const out: GoParam[] = [];
  for (const p of named(list)) {
    const type = p.childForFieldName("type")?.text ?? "";
    const names = p.namedChildren.filter((c) => c.type === "identifier").map((c) => c.text);
    for (const name of names.length > 0 ? names : ["_"]) out.push({ name, type });
  }
  return out;
}

function readFunc(node: SyntaxNode): GoFunc {
  const receiver = readGoReceiver(node);
  const fn: GoFunc = {
    name: node.childForFieldName("name")?.text ?? "<inline>",
    params: readParams(node.childForFieldName("parameters")),
    line: line(node),
    body: [],
  };
  if (receiver?.typeName) fn.recv = receiver.typeName;
  // The receiver's type as a `var x T` would write it (`*List`, not `*List[T]` or `(*List)`).
  if (receiver?.typeName && receiver.name)
    fn.self = { name: receiver.name, type: `${receiver.pointer ? "*" : ""}${receiver.typeName}` };
  const body = node.childForFieldName("body");
  if (body) readBody(body, fn.body);
  return fn;
}

/** Bindings and calls in source order; blocks of if/for/switch are flattened into the list. */
function readBody(node: SyntaxNode, out: GoStmt[]): void {
  for (const n of named(node)) {
    switch (n.type) {
      case "short_var_declaration":
      case "assignment_statement": {
        const names = named(n.childForFieldName("left")).map((c) => c.text);
        const values = named(n.childForFieldName("right"));
        if (values.length === 1) out.push({ s: "bind", names, value: readExpr(values[0]!), line: line(n) });
        else
          names.forEach((name, i) => {
            const v = values[i];
            out.push({ s: "bind", names: [name], ...(v ? { value: readExpr(v) } : {}), line: line(n) });
          });
        break;
      }
      case "var_declaration":
        for (const spec of readGoValueSpecs(n)) {
          const type = spec.type?.text;
          spec.names.forEach((name, i) => {
            const v = spec.values[i];
            out.push({
              s: "bind",
              names: [name.text],
              ...(v ? { value: readExpr(v) } : {}),
              ...(type ? { type } : {}),
              line: line(spec.spec),
            });
          });
        }
        break;
      case "expression_statement":
      case "go_statement":
      case "defer_statement":
      case "return_statement":
        collectCalls(n, out);
        break;
      case "func_literal":
        break;
      default:
        readBody(n, out);
    }
  }
}

/** The outermost calls of a statement (the linker evaluates the calls nested in them). */
function collectCalls(node: SyntaxNode, out: GoStmt[]): void {
  if (node.type === "func_literal") return;
  if (node.type === "call_expression") {
    const call = readExpr(node);
    if (call.k === "call") out.push({ s: "call", call });
    return;
  }
  for (const c of named(node)) collectCalls(c, out);
}

function readExpr(node: SyntaxNode): GoExpr {
  switch (node.type) {
    case "interpreted_string_literal":
    case "raw_string_literal":
      return { k: "str", v: stringOf(node) ?? "" };
    case "int_literal":
      return { k: "num", v: Number(node.text) };
    case "identifier":
    case "field_identifier":
    case "package_identifier":
    case "type_identifier":
      return { k: "id", name: node.text };
    case "selector_expression": {
      const x = node.childForFieldName("operand");
      return x
        ? { k: "sel", x: readExpr(x), name: node.childForFieldName("field")?.text ?? "" }
        : { k: "other" };
    }
    case "call_expression": {
      const fn = node.childForFieldName("function");
      return {
        k: "call",
        fn: fn ? readExpr(fn) : { k: "other" },
        args: named(node.childForFieldName("arguments")).map(readExpr),
        line: line(node),
      };
    }
    case "composite_literal":
      return { k: "lit", type: node.childForFieldName("type")?.text ?? "" };
    case "unary_expression": {
      const operand = node.childForFieldName("operand");
      return operand ? readExpr(operand) : { k: "other" };
    }
    case "parenthesized_expression":
      return named(node)[0] ? readExpr(named(node)[0]!) : { k: "other" };
    case "binary_expression": {
      const l = node.childForFieldName("left");
      const r = node.childForFieldName("right");
      return l && r && node.childForFieldName("operator")?.text === "+"
        ? { k: "bin", l: readExpr(l), r: readExpr(r) }
        : { k: "other" };
    }
    case "func_literal": {
      const fn: GoFunc = {
        name: "<inline>",
        params: readParams(node.childForFieldName("parameters")),
        line: line(node),
        body: [],
      };
      const body = node.childForFieldName("body");
      if (body) readBody(body, fn.body);
      return { k: "func", fn };
    }
    default:
      return { k: "other" };
  }
}

function readStruct({ spec, name, type }: GoTypeSpec<SyntaxNode>): GoStruct | undefined {
  if (type?.type !== "struct_type") return undefined;
  const struct: GoStruct = { name: name.text, line: line(spec), fields: [] };
  for (const f of descendants(type, "field_declaration")) {
    const fieldType = f.childForFieldName("type")?.text ?? "";
    const tag = stringOf(f.childForFieldName("tag")) ?? "";
    const names = f.namedChildren.filter((c) => c.type === "field_identifier").map((c) => c.text);
    // An embedded struct (no name) brings its fields: kept as a field named by its type.
    for (const name of names.length > 0 ? names : [`...${fieldType.replace(/^\*/, "")}`])
      struct.fields.push({ name, type: fieldType, tag });
  }
  return struct;
}
