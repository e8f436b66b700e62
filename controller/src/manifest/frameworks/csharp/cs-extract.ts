// One C# file's tree (tree-sitter-c-sharp) → CsFileFacts.

import type { SyntaxNode } from "../../scanner.js";
import type { CsAttr, CsClass, CsExpr, CsFileFacts, CsMethod, CsParam, CsStmt, CsVal } from "./cs-facts.js";

const named = (n: SyntaxNode | null | undefined) =>
  n ? n.namedChildren.filter((c) => c.type !== "comment") : [];
const line = (n: SyntaxNode) => n.startPosition.row + 1;

export function extractCsharp(root: SyntaxNode): CsFileFacts | undefined {
  const facts: CsFileFacts = { classes: [], main: [] };
  const visit = (n: SyntaxNode): void => {
    for (const c of named(n)) {
      if (
        c.type === "class_declaration" ||
        c.type === "record_declaration" ||
        c.type === "struct_declaration"
      )
        facts.classes.push(readClass(c));
      else if (c.type === "enum_declaration") facts.classes.push(readEnum(c));
      else if (c.type === "global_statement") readStatements(c, facts.main);
      else if (
        c.type === "namespace_declaration" ||
        c.type === "declaration_list" ||
        c.type === "file_scoped_namespace_declaration"
      )
        visit(c.type === "namespace_declaration" ? (c.childForFieldName("body") ?? c) : c);
    }
  };
  visit(root);
  return facts.classes.length > 0 || facts.main.length > 0 ? facts : undefined;
}

function readAttrs(n: SyntaxNode): CsAttr[] {
  const out: CsAttr[] = [];
  for (const list of named(n).filter((c) => c.type === "attribute_list")) {
    for (const a of named(list).filter((c) => c.type === "attribute")) {
      const name = (a.childForFieldName("name")?.text ?? "")
        .split(".")
        .pop()!
        .replace(/Attribute$/, "");
      const attr: CsAttr = { name, args: [], named: {} };
      for (const arg of named(named(a).find((c) => c.type === "attribute_argument_list"))) {
        const parts = named(arg);
        const key =
          arg.childForFieldName("name") ??
          (parts.length > 1 && parts[0]!.type === "identifier" ? parts[0] : null);
        const valueNode = parts[parts.length - 1];
        if (!valueNode) continue;
        if (key && key !== valueNode) attr.named[key.text] = readVal(valueNode);
        else attr.args.push(readVal(valueNode));
      }
      out.push(attr);
    }
  }
  return out;
}

function readVal(n: SyntaxNode): CsVal {
  switch (n.type) {
    case "string_literal":
    case "verbatim_string_literal":
    case "raw_string_literal":
      return {
        k: "str",
        v:
          named(n)
            .map((c) => c.text)
            .join("") || n.text.replace(/^@?"|"$/g, ""),
      };
    case "integer_literal":
      return { k: "num", v: Number(n.text) };
    case "typeof_expression":
      return { k: "type", name: n.childForFieldName("type")?.text ?? named(n)[0]?.text ?? "" };
    case "member_access_expression":
      return { k: "member", text: n.text };
    default:
      return { k: "other" };
  }
}

function readParams(list: SyntaxNode | null | undefined): CsParam[] {
  return named(list)
    .filter((p) => p.type === "parameter")
    .map((p) => ({
      name: p.childForFieldName("name")?.text ?? "",
      type: p.childForFieldName("type")?.text ?? "",
      attrs: readAttrs(p),
      ...(p.children.some((c) => c.type === "modifier" && c.text === "this") ||
      p.children.some((c) => c.text === "this")
        ? { isThis: true }
        : {}),
    }));
}

function readClass(n: SyntaxNode): CsClass {
  const cls: CsClass = {
    name: n.childForFieldName("name")?.text ?? "",
    line: line(n),
    attrs: readAttrs(n),
    bases: named(named(n).find((c) => c.type === "base_list")).map((b) => b.text.replace(/<.*$/, "")),
    methods: [],
    props: [],
  };
  const primary = named(n).find((c) => c.type === "parameter_list");
  if (n.type === "record_declaration" && primary) cls.recordParams = readParams(primary);
  for (const m of named(n.childForFieldName("body"))) {
    if (m.type === "method_declaration") cls.methods.push(readMethod(m));
    else if (m.type === "property_declaration") {
      const modifiers = m.children.filter((c) => c.type === "modifier").map((c) => c.text);
      if (modifiers.includes("static") || (!modifiers.includes("public") && !modifiers.includes("required")))
        continue;
      cls.props.push({
        name: m.childForFieldName("name")?.text ?? "",
        type: m.childForFieldName("type")?.text ?? "",
        attrs: readAttrs(m),
        required: modifiers.includes("required"),
      });
    }
  }
  return cls;
}

function readEnum(n: SyntaxNode): CsClass {
  return {
    name: n.childForFieldName("name")?.text ?? "",
    line: line(n),
    attrs: [],
    bases: [],
    methods: [],
    props: [],
    enumMembers: named(n.childForFieldName("body"))
      .filter((c) => c.type === "enum_member_declaration")
      .map((c) => c.childForFieldName("name")?.text ?? ""),
  };
}

function readMethod(m: SyntaxNode): CsMethod {
  const method: CsMethod = {
    name: m.childForFieldName("name")?.text ?? "",
    line: line(m),
    attrs: readAttrs(m),
    returns: m.childForFieldName("returns")?.text ?? m.childForFieldName("type")?.text ?? "",
    params: readParams(m.childForFieldName("parameters")),
    body: [],
    isStatic: m.children.some((c) => c.type === "modifier" && c.text === "static"),
  };
  const body = m.childForFieldName("body");
  if (body) readStatements(body, method.body);
  return method;
}

/** Bindings (`var g = app.MapGroup("/x")`) and calls, nested blocks flattened, in source order. */
function readStatements(n: SyntaxNode, out: CsStmt[]): void {
  for (const c of named(n)) {
    if (c.type === "variable_declarator") {
      const name = c.childForFieldName("name")?.text ?? named(c)[0]?.text ?? "";
      const value = named(c).find((x) => x.type !== "identifier" || x !== named(c)[0]);
      if (value && value.type !== "identifier") out.push({ s: "bind", name, value: readExpr(value) });
      else if (value) out.push({ s: "bind", name, value: readExpr(value) });
    } else if (c.type === "invocation_expression") {
      const call = readExpr(c);
      if (call.k === "call") out.push({ s: "call", call });
    } else if (c.type !== "lambda_expression" && c.type !== "local_function_statement")
      readStatements(c, out);
  }
}

function readExpr(n: SyntaxNode): CsExpr {
  switch (n.type) {
    case "invocation_expression": {
      const fn = n.childForFieldName("function");
      return {
        k: "call",
        fn: fn ? readExpr(fn) : { k: "other" },
        args: named(n.childForFieldName("arguments")).map((a) =>
          named(a)[0] ? readExpr(named(a)[0]!) : { k: "other" },
        ),
        line: line(n),
      };
    }
    case "member_access_expression": {
      const x = n.childForFieldName("expression");
      return x
        ? { k: "member", x: readExpr(x), name: n.childForFieldName("name")?.text ?? "" }
        : { k: "other" };
    }
    case "identifier":
      return { k: "id", name: n.text };
    case "string_literal":
    case "verbatim_string_literal":
    case "raw_string_literal": {
      const v = readVal(n);
      return v.k === "str" ? { k: "str", v: v.v } : { k: "other" };
    }
    case "lambda_expression":
      return { k: "lambda", params: readParams(n.childForFieldName("parameters")) };
    case "parenthesized_expression":
      return named(n)[0] ? readExpr(named(n)[0]!) : { k: "other" };
    default:
      return { k: "other" };
  }
}
