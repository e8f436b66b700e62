// Reads one Python module's tree-sitter tree into PyModuleFacts (./py-facts.ts). Only the syntax
// tree is read, never the text with patterns. One outline serves the FastAPI, Flask and Django
// REST framework scanners, so it is built once per tree.

import {
  readPythonAssignment,
  readPythonBases,
  readPythonDefinition,
  readPythonImport,
} from "../../../../../lib/code-graph/index.js";
import type { SourceFile, SyntaxNode } from "../../scanner.js";
import { readBodyUses } from "./py-body-uses.js";
import {
  KW_SPLAT,
  type PyBodyUse,
  type PyClass,
  type PyExpr,
  type PyFunction,
  type PyImport,
  type PyModuleFacts,
  type PyParam,
  type PyStmt,
} from "./py-facts.js";

const outlines = new WeakMap<object, PyModuleFacts>();

/** The module's outline, shared by every Python scanner reading the same tree. */
export function pythonModuleFacts(file: SourceFile): PyModuleFacts {
  const cached = outlines.get(file.root);
  if (cached) return cached;
  const isPackage = file.path.endsWith("__init__.py");
  const dotted = file.path.replace(/\.py$/, "").split("/");
  if (isPackage) dotted.pop();
  const facts: PyModuleFacts = { module: dotted.join("."), isPackage, imports: [], body: [] };
  facts.body = readBlock(file.root, facts.imports);
  outlines.set(file.root, facts);
  return facts;
}

const line = (node: SyntaxNode): number => node.startPosition.row + 1;

/** Tree-sitter hands out a new object per access: nodes are the same when they span the same text. */
function sameNode(a: SyntaxNode, b: SyntaxNode | null): boolean {
  return (
    b !== null &&
    a.type === b.type &&
    a.startPosition.row === b.startPosition.row &&
    a.startPosition.column === b.startPosition.column &&
    a.endPosition.row === b.endPosition.row &&
    a.endPosition.column === b.endPosition.column
  );
}

function readBlock(block: SyntaxNode, imports: PyImport[]): PyStmt[] {
  const out: PyStmt[] = [];
  for (const node of block.namedChildren) out.push(...readStatement(node, imports));
  return out;
}

function readStatement(node: SyntaxNode, imports: PyImport[]): PyStmt[] {
  switch (node.type) {
    case "import_statement":
    case "import_from_statement":
      imports.push(...readImport(node));
      return [];
    case "expression_statement":
      return node.namedChildren.map((child) => readExpressionStatement(child));
    case "decorated_definition":
    case "function_definition":
    case "class_definition":
      return readDefinition(node, imports);
    case "for_statement": {
      const target = node.childForFieldName("left");
      const iter = node.childForFieldName("right");
      const body = node.childForFieldName("body");
      if (!target || !iter || !body) return [];
      return [{ s: "for", target: readExpr(target), iter: readExpr(iter), body: readBlock(body, imports) }];
    }
    case "if_statement":
      return [readIf(node, imports)];
    case "continue_statement":
      return [{ s: "continue" }];
    case "break_statement":
      return [{ s: "break" }];
    case "with_statement":
    case "try_statement":
    case "elif_clause":
    case "else_clause":
    case "except_clause":
    case "finally_clause":
    case "block":
      // Both branches of a condition may register routes: keep every nested statement.
      return [{ s: "block", body: node.namedChildren.flatMap((child) => readStatement(child, imports)) }];
    default:
      return [];
  }
}

/** `if`/`elif`/`else`: the condition kept, so the evaluator can take the branch it knows. */
function readIf(node: SyntaxNode, imports: PyImport[]): PyStmt {
  const consequence = node.childForFieldName("consequence");
  const alternatives = node.namedChildren.filter((c) => c.type === "elif_clause" || c.type === "else_clause");
  const orelse = (rest: SyntaxNode[]): PyStmt[] => {
    const [first, ...more] = rest;
    if (!first) return [];
    if (first.type === "else_clause") {
      const body = first.childForFieldName("body");
      return body ? readBlock(body, imports) : [];
    }
    const inner = first.childForFieldName("consequence");
    return [
      {
        s: "if",
        test: readOr(first.childForFieldName("condition")),
        body: inner ? readBlock(inner, imports) : [],
        orelse: orelse(more),
      },
    ];
  };
  return {
    s: "if",
    test: readOr(node.childForFieldName("condition")),
    body: consequence ? readBlock(consequence, imports) : [],
    orelse: orelse(alternatives),
  };
}

function readExpressionStatement(node: SyntaxNode): PyStmt {
  const assignment = readPythonAssignment(node);
  if (assignment) {
    // `a = b = value`: every target is assigned the value.
    const { value, type } = assignment;
    return {
      s: "assign",
      targets: assignment.targets.map(readExpr),
      value: value ? readExpr(value) : undefined,
      type: type ? readExpr(type) : undefined,
      line: line(node),
    };
  }
  if (node.type === "augmented_assignment" && node.childForFieldName("operator")?.text === "+=") {
    // `urlpatterns += router.urls` is `urlpatterns = urlpatterns + router.urls`.
    const left = readOr(node.childForFieldName("left"));
    const right = readOr(node.childForFieldName("right"));
    return {
      s: "assign",
      targets: [left],
      value: { k: "binop", op: "+", l: left, r: right },
      line: line(node),
    };
  }
  return { s: "expr", e: readExpr(node), line: line(node) };
}

function readDefinition(node: SyntaxNode, imports: PyImport[]): PyStmt[] {
  const read = readPythonDefinition(node);
  if (!read) return [];
  const { definition, body } = read;
  const decorators: PyExpr[] = [];
  const decoratorLines: number[] = [];
  for (const decorator of read.decorators) {
    const expr = decorator.namedChildren[0];
    if (expr) {
      decorators.push(readExpr(expr));
      decoratorLines.push(line(decorator));
    }
  }
  const name = read.name ?? "";
  if (read.kind === "class") {
    const cls: PyClass = {
      name,
      line: line(definition),
      bases: readPythonBases(definition).map(readExpr),
      decorators,
      decoratorLines,
      body: body ? readBlock(body, imports) : [],
    };
    return [{ s: "class", cls }];
  }
  const returnType = definition.childForFieldName("return_type");
  const fn: PyFunction = {
    name,
    line: line(definition),
    decorators,
    decoratorLines,
    params: readParams(definition.childForFieldName("parameters")),
    returns: returnType ? readExpr(returnType) : undefined,
    uses: body ? readBodyUses(body, readExpr) : ([] as PyBodyUse[]),
    body: body ? readBlock(body, imports) : [],
  };
  // `def get_settings(): return Settings()`: what a settings factory returns; `return klass` /
  // `return views.Base` (a property giving a class); `return "/".join(parts)` (a helper building
  // a path, evaluated at its calls): the first top-level `return`'s expression.
  const ret = body?.namedChildren.find((c) => c.type === "return_statement")?.namedChildren[0];
  if (ret && ret.type !== "comment") fn.returned = readExpr(ret);
  return [{ s: "def", fn }];
}

function readParams(node: SyntaxNode | null): PyParam[] {
  const params: PyParam[] = [];
  for (const p of node?.namedChildren ?? []) {
    switch (p.type) {
      case "identifier":
        params.push({ name: p.text });
        break;
      case "typed_parameter": {
        const id = p.namedChildren.find((c) => c.type === "identifier");
        const type = p.childForFieldName("type");
        if (id) params.push({ name: id.text, type: type ? readExpr(type) : undefined });
        else params.push({ name: p.namedChildren[0]?.text ?? "", splat: true });
        break;
      }
      case "default_parameter":
      case "typed_default_parameter": {
        const type = p.childForFieldName("type");
        const value = p.childForFieldName("value");
        params.push({
          name: p.childForFieldName("name")?.text ?? "",
          type: type ? readExpr(type) : undefined,
          default: value ? readExpr(value) : undefined,
        });
        break;
      }
      case "list_splat_pattern":
        params.push({ name: p.namedChildren[0]?.text ?? "", splat: true });
        break;
      case "dictionary_splat_pattern":
        params.push({ name: p.namedChildren[0]?.text ?? "", splat: true, kwargs: true });
        break;
    }
  }
  return params;
}

function readImport(node: SyntaxNode): PyImport[] {
  const read = readPythonImport(node);
  if (!read) return [];
  // `import a.b` binds `a`; attribute access then walks to `a.b`. It still loads `a.b`.
  if (read.kind === "import")
    return read.modules.map((m) =>
      m.aliased
        ? { local: m.alias ?? m.module, module: m.module }
        : { local: m.head, module: m.head, ...(m.module !== m.head ? { loads: m.module } : {}) },
    );
  const module = read.written;
  return read.names.map((n) =>
    n === "*" ? { local: "*", module, name: "*" } : { local: n.alias ?? n.name, module, name: n.name },
  );
}

/** An expression node as PyExpr. */
function readExpr(node: SyntaxNode): PyExpr {
  switch (node.type) {
    case "type":
    case "parenthesized_expression":
    case "expression_statement": {
      const inner = node.namedChildren.find((c) => c.type !== "comment");
      return inner ? readExpr(inner) : { k: "other", text: node.text };
    }
    case "string":
      return readString(node);
    case "concatenated_string":
      // `("a " "b")` is one string to Python: plain parts join here, f-strings join when evaluated.
      return node.namedChildren
        .filter((c) => c.type !== "comment")
        .map(readString)
        .reduce((l, r) =>
          l.k === "str" && r.k === "str" ? { k: "str", v: l.v + r.v } : { k: "binop", op: "+", l, r },
        );
    case "integer":
    case "float": {
      const v = Number(node.text.replaceAll("_", ""));
      return Number.isNaN(v) ? { k: "other", text: node.text } : { k: "num", v };
    }
    case "unary_operator": {
      const arg = node.childForFieldName("argument");
      const inner = arg ? readExpr(arg) : undefined;
      if (inner?.k === "num" && node.children[0]?.text === "-") return { k: "num", v: -inner.v };
      return inner ?? { k: "other", text: node.text };
    }
    case "true":
      return { k: "bool", v: true };
    case "false":
      return { k: "bool", v: false };
    case "none":
      return { k: "none" };
    case "ellipsis":
      return { k: "ellipsis" };
    case "identifier":
      return { k: "name", id: node.text };
    case "attribute": {
      const obj = node.childForFieldName("object");
      const attr = node.childForFieldName("attribute");
      if (!obj || !attr) return { k: "other", text: node.text };
      return { k: "attr", obj: readExpr(obj), name: attr.text };
    }
    case "call":
      return readCall(node);
    case "list":
    case "tuple":
    case "set":
    case "pattern_list":
    case "tuple_pattern":
    case "list_pattern":
    case "expression_list":
      return { k: "list", items: node.namedChildren.filter((c) => c.type !== "comment").map(readExpr) };
    case "dictionary":
      return {
        k: "dict",
        entries: node.namedChildren
          .filter((c) => c.type === "pair")
          .map((pair) => [readOr(pair.childForFieldName("key")), readOr(pair.childForFieldName("value"))]),
      };
    case "subscript": {
      const value = node.childForFieldName("value");
      const index = node.namedChildren.filter((c) => !sameNode(c, value) && c.type !== "comment");
      return { k: "sub", value: readOr(value), index: index.map(readExpr) };
    }
    case "generic_type": {
      const [head, params] = node.namedChildren;
      return {
        k: "sub",
        value: readOr(head ?? null),
        index: (params?.namedChildren ?? []).map(readExpr),
      };
    }
    case "union_type":
      return node.namedChildren.map(readExpr).reduce((l, r) => ({ k: "binop", op: "|", l, r }));
    case "binary_operator":
    case "boolean_operator":
    case "not_operator":
    case "comparison_operator":
      return readOperator(node);
    case "list_splat":
      return { k: "splat", e: readOr(node.namedChildren[0] ?? null) };
    case "conditional_expression": {
      const [body, test, orelse] = node.namedChildren.filter((c) => c.type !== "comment");
      return {
        k: "ifexp",
        test: readOr(test ?? null),
        body: readOr(body ?? null),
        orelse: readOr(orelse ?? null),
      };
    }
    case "lambda":
      return { k: "lambda" };
    default:
      return { k: "other", text: node.text.length > 80 ? node.type : node.text };
  }
}

const COMPARISON_OPERATORS = new Set([
  "<",
  "<=",
  "==",
  "!=",
  ">=",
  ">",
  "<>",
  "in",
  "not in",
  "is",
  "is not",
]);

/** `a % b`, `a and b`, `not a`, `a is not None`. */
function readOperator(node: SyntaxNode): PyExpr {
  const left = () => readOr(node.childForFieldName("left"));
  const right = () => readOr(node.childForFieldName("right"));
  switch (node.type) {
    case "binary_operator":
      return { k: "binop", op: node.childForFieldName("operator")?.text ?? "", l: left(), r: right() };
    case "boolean_operator": {
      const op = node.childForFieldName("operator")?.text === "and" ? "and" : "or";
      return { k: "boolop", op, l: left(), r: right() };
    }
    case "not_operator":
      return { k: "not", e: readOr(node.childForFieldName("argument")) };
    default:
      return {
        k: "compare",
        // The operators sit between the operands (`is not` and `not in` are one child each).
        ops: node.children.filter((c) => COMPARISON_OPERATORS.has(c.type)).map((o) => o.type),
        items: node.namedChildren.filter((c) => c.type !== "comment").map(readExpr),
      };
  }
}

function readOr(node: SyntaxNode | null): PyExpr {
  return node ? readExpr(node) : { k: "other", text: "" };
}

function readCall(node: SyntaxNode): PyExpr {
  const fn = readOr(node.childForFieldName("function"));
  const args: PyExpr[] = [];
  const kw: Record<string, PyExpr> = {};
  for (const arg of node.childForFieldName("arguments")?.namedChildren ?? []) {
    if (arg.type === "keyword_argument") {
      const name = arg.childForFieldName("name")?.text;
      const value = arg.childForFieldName("value");
      if (name && value) kw[name] = readExpr(value);
    } else if (arg.type === "dictionary_splat") {
      // `f(path, **options)`: kept apart, spread into the keywords when its value is known.
      const value = arg.namedChildren[0];
      if (value) kw[KW_SPLAT] = readExpr(value);
    } else if (arg.type !== "comment") {
      args.push(readExpr(arg));
    }
  }
  return { k: "call", fn, args, kw, line: line(node) };
}

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "0": "\0",
};

function readString(node: SyntaxNode): PyExpr {
  const start =
    node.namedChildren.find((c) => c.type === "string_start")?.text ?? node.children[0]?.text ?? "";
  const prefix = start.replace(/["']/g, "").toLowerCase();
  const raw = prefix.includes("r");
  const parts: (string | PyExpr)[] = [];
  const push = (text: string) => {
    if (typeof parts[parts.length - 1] === "string") parts[parts.length - 1] += text;
    else parts.push(text);
  };
  for (const child of node.namedChildren) {
    if (child.type === "string_content") {
      push(raw ? child.text : decodeEscapes(child.text));
    } else if (child.type === "escape_sequence") {
      push(raw ? child.text : decodeEscapes(child.text));
    } else if (child.type === "interpolation") {
      const expr = child.childForFieldName("expression") ?? child.namedChildren[0];
      parts.push(expr ? readExpr(expr) : { k: "other", text: child.text });
    }
  }
  if (!prefix.includes("f")) return { k: "str", v: parts.filter((p) => typeof p === "string").join("") };
  return { k: "fstr", parts };
}

/** The value of a non-raw literal's text: `\\n` → newline, `\\x41` → `A`; unknown escapes stay. */
function decodeEscapes(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch !== "\\" || i + 1 >= text.length) {
      out += ch;
      continue;
    }
    const next = text[i + 1] as string;
    if (next in ESCAPES) {
      out += ESCAPES[next];
      i++;
    } else if (next === "x" || next === "u") {
      const width = next === "x" ? 2 : 4;
      out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 2 + width), 16));
      i += 1 + width;
    } else {
      out += ch;
    }
  }
  return out;
}
