// Python's operator expressions, evaluated as far as their operands are known: `+` of strings,
// numbers and lists, `%` formatting, `and`/`or`/`not` (the deciding operand, the other one not
// evaluated, as Python does) and chained comparisons. The operands are evaluated through the
// evaluator's callback (py-expressions.ts); anything not known is `unknown`, never a guess.

import type { PyExpr } from "./py-facts.js";
import { compareValues, percentFormat, truthOf } from "./py-operators.js";
import { type PyValue, UNKNOWN } from "./py-values.js";

type Evaluate = (expr: PyExpr) => PyValue;

/** `+` of strings, numbers and lists, `%` formatting, `and`/`or`/`not` on known truths. */
export function operationValue(
  expr: Extract<PyExpr, { k: "binop" | "boolop" | "not" }>,
  evaluate: Evaluate,
): PyValue {
  if (expr.k === "not") {
    const truth = truthOf(evaluate(expr.e));
    return truth === undefined ? { t: "unknown", expr } : { t: "bool", v: !truth };
  }
  const l = evaluate(expr.l);
  if (expr.k === "boolop") {
    // Python's `or`/`and` give the operand that decides, the right one unevaluated otherwise.
    const truth = truthOf(l);
    if (truth === undefined) return { t: "unknown", expr };
    return truth === (expr.op === "or") ? l : evaluate(expr.r);
  }
  const r = evaluate(expr.r);
  if (expr.op === "+" && l.t === "str" && r.t === "str") return { t: "str", v: l.v + r.v };
  if (expr.op === "+" && l.t === "num" && r.t === "num") return { t: "num", v: l.v + r.v };
  if (expr.op === "+" && l.t === "list" && r.t === "list")
    return { t: "list", items: [...l.items, ...r.items] };
  // `urlpatterns + router.urls`: the router's generated list joins as one item.
  if (expr.op === "+" && l.t === "list") return { t: "list", items: [...l.items, r] };
  // `"/%s" % key`, `"%(name)s_id" % {"name": n}`.
  const formatted = expr.op === "%" && l.t === "str" ? percentFormat(l.v, r) : undefined;
  return formatted !== undefined ? { t: "str", v: formatted } : { t: "unknown", expr };
}

/** `a < b <= c`: true when every link holds, false when one fails, else unknown. */
export function comparisonValue(expr: Extract<PyExpr, { k: "compare" }>, evaluate: Evaluate): PyValue {
  const items = expr.items.map((e) => evaluate(e));
  let all = true;
  for (const [i, op] of expr.ops.entries()) {
    const holds = compareValues(op, items[i] ?? UNKNOWN, items[i + 1] ?? UNKNOWN);
    if (holds === false) return { t: "bool", v: false };
    if (holds === undefined) all = false;
  }
  return all ? { t: "bool", v: true } : { t: "unknown", expr };
}
