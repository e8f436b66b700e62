// Reading Python literals out of the module outline.

import type { PyExpr } from "./py-facts.js";

/** The JSON value of a literal expression (numbers, strings, booleans, None, [] and {}). */
export function literalValue(expr: PyExpr): unknown {
  switch (expr.k) {
    case "str":
    case "num":
    case "bool":
      return expr.v;
    case "none":
      return null;
    case "list":
      return expr.items.length === 0 ? [] : undefined;
    case "dict":
      return expr.entries.length === 0 ? {} : undefined;
    default:
      return undefined;
  }
}

/** A Python `True` literal. */
export const isTrue = (e: PyExpr | undefined): boolean => e?.k === "bool" && e.v;
