// What a view function's body reads from the request and returns: `request.args.get("page",
// type=int)` is a query parameter, `request.headers.get(...)` a header, `Schema().load(...)` the
// request body's DTO, `return jsonify(Schema().dump(x)), 201` a response. Branches guarded by
// `request.method == "POST"` apply to that method only.

import type { SyntaxNode } from "../../scanner.js";
import type { PyBodyUse, PyExpr } from "./py-facts.js";
import { isTrue } from "./py-literals.js";

type Guard = Pick<PyBodyUse, "only" | "not">;
type ReadExpr = (node: SyntaxNode) => PyExpr;

export function readBodyUses(body: SyntaxNode, readExpr: ReadExpr): PyBodyUse[] {
  const uses: PyBodyUse[] = [];
  walkBlock(body, {}, uses, readExpr);
  return uses;
}

function walkBlock(block: SyntaxNode, guard: Guard, uses: PyBodyUse[], readExpr: ReadExpr): void {
  let current = guard;
  for (const stmt of block.namedChildren) {
    const methods =
      stmt.type === "if_statement" ? guardedMethods(stmt.childForFieldName("condition")) : undefined;
    if (!methods) {
      walk(stmt, current, uses, readExpr);
      continue;
    }
    const consequence = stmt.childForFieldName("consequence");
    if (consequence) walkBlock(consequence, { only: methods }, uses, readExpr);
    const excluded: Guard = { ...current, not: [...(current.not ?? []), ...methods] };
    for (const alt of stmt.namedChildren) {
      if (alt.type === "elif_clause" || alt.type === "else_clause") walk(alt, excluded, uses, readExpr);
    }
    // `if request.method == "POST": ... return` leaves the other methods for what follows.
    const last = consequence?.namedChildren[consequence.namedChildren.length - 1];
    if (last?.type === "return_statement") current = excluded;
  }
}

function walk(node: SyntaxNode, guard: Guard, uses: PyBodyUse[], readExpr: ReadExpr): void {
  if (node.type === "block") {
    walkBlock(node, guard, uses, readExpr);
    return;
  }
  if (node.type === "call") readCallUse(readExpr(node), guard, uses);
  if (node.type === "subscript") readSubscriptUse(readExpr(node), guard, uses);
  if (node.type === "return_statement") readReturn(node, guard, uses, readExpr);
  for (const child of node.namedChildren) walk(child, guard, uses, readExpr);
}

/** `request.method == "POST"` or `request.method in ("PUT", "PATCH")` → the methods named. */
function guardedMethods(condition: SyntaxNode | null): string[] | undefined {
  if (condition?.type !== "comparison_operator") return undefined;
  const [left, right] = condition.namedChildren;
  if (left?.text !== "request.method" || !right) return undefined;
  const strings = right.type === "string" ? [right] : right.namedChildren.filter((c) => c.type === "string");
  const methods = strings.map((s) => s.namedChildren.find((c) => c.type === "string_content")?.text ?? "");
  return methods.length > 0 ? methods.map((m) => m.toUpperCase()) : undefined;
}

const isRequestPart = (e: PyExpr, part: string): boolean =>
  e.k === "attr" && e.name === part && e.obj.k === "name" && e.obj.id === "request";

function readCallUse(call: PyExpr, guard: Guard, uses: PyBodyUse[]): void {
  if (call.k !== "call" || call.fn.k !== "attr") return;
  const { obj, name } = call.fn;
  const first = call.args[0];
  if ((isRequestPart(obj, "args") || isRequestPart(obj, "headers")) && first?.k === "str") {
    const kind = isRequestPart(obj, "args") ? "query" : "header";
    const many = name === "getlist";
    if (name !== "get" && !many) return;
    const use: PyBodyUse = { kind, name: first.v, many, required: false, ...guard };
    if (call.kw.type) use.type = call.kw.type;
    const fallback = call.args[1] ?? call.kw.default;
    if (fallback) use.default = fallback;
    uses.push(use);
    return;
  }
  if ((name === "load" || name === "validate") && obj.k === "call" && obj.fn.k === "name") {
    uses.push({ kind: "load", type: obj.fn, many: isTrue(obj.kw.many), ...guard });
  }
}

function readSubscriptUse(sub: PyExpr, guard: Guard, uses: PyBodyUse[]): void {
  if (sub.k !== "sub") return;
  const key = sub.index[0];
  if (key?.k !== "str") return;
  if (isRequestPart(sub.value, "args")) uses.push({ kind: "query", name: key.v, required: true, ...guard });
  if (isRequestPart(sub.value, "headers"))
    uses.push({ kind: "header", name: key.v, required: true, ...guard });
}

function readReturn(node: SyntaxNode, guard: Guard, uses: PyBodyUse[], readExpr: ReadExpr): void {
  const value = node.namedChildren[0];
  if (!value) return;
  const expr = readExpr(value);
  const [body, status] = expr.k === "list" ? [expr.items[0], expr.items[1]] : [expr, undefined];
  const use: PyBodyUse = { kind: "return", ...guard };
  if (status) use.statusExpr = status;
  const dumped = body ? findDump(body) : undefined;
  if (dumped) {
    use.type = dumped.schema;
    use.many = dumped.many;
  }
  // Django REST framework: `Response(data, status=204)`.
  if (body?.k === "call" && body.kw.status) use.statusExpr = body.kw.status;
  uses.push(use);
}

/** `Schema(many=True).dump(x)`, possibly wrapped in `jsonify(...)`. */
function findDump(expr: PyExpr): { schema: PyExpr; many: boolean } | undefined {
  if (expr.k !== "call") return undefined;
  if (
    expr.fn.k === "attr" &&
    expr.fn.name === "dump" &&
    expr.fn.obj.k === "call" &&
    expr.fn.obj.fn.k === "name"
  ) {
    return { schema: expr.fn.obj.fn, many: isTrue(expr.fn.obj.kw.many) };
  }
  for (const arg of expr.args) {
    const found = findDump(arg);
    if (found) return found;
  }
  return undefined;
}
