// How far the Python evaluator (./py-evaluator.ts) runs the project's own code: which calls of
// project functions run their bodies (deep, many, small enough, handed something known) and
// which `if` conditions are evaluated (those that only read). Past these the value is unknown,
// as it was before the evaluator ran any call.

import { nestedBodies, type PyExpr, type PyFunction, type PyStmt } from "./py-facts.js";
import { STRING_METHODS } from "./py-operators.js";
import type { PyValue } from "./py-values.js";

/** How deep project functions are evaluated inside each other for their return value. */
export const MAX_CALL_DEPTH = 3;
export const MAX_CALLS = 20_000;
/** A helper evaluated for its value is small (a path builder): statements, nested ones counted. */
export const MAX_HELPER_STATEMENTS = 20;
/** `self.prefix()` overridden by a subclass to return its value: one called with nothing is tinier. */
export const MAX_ARGUMENTLESS_STATEMENTS = 3;

const statementCounts = new WeakMap<PyFunction, number>();

export function statementCount(fn: PyFunction): number {
  let n = statementCounts.get(fn);
  if (n === undefined) {
    const count = (body: readonly PyStmt[]): number =>
      body.reduce((sum, st) => sum + 1 + nestedBodies(st).reduce((s, b) => s + count(b), 0), 0);
    n = count(fn.body);
    statementCounts.set(fn, n);
  }
  return n;
}

/**
 * A call that hands the function a value the scan knows (an app, a prefix, a list of routes):
 * one given only unknown values learns nothing its run where it was defined did not, and a
 * method called on `self` with nothing ran already with the class's methods.
 */
export function handsKnownValue(args: readonly PyValue[], kw: Record<string, PyValue>): boolean {
  return [...args, ...Object.values(kw)].some((v) => v.t !== "unknown");
}

const TEST_BUILTINS = new Set(["getattr", "hasattr", "isinstance", "len"]);

/** A condition that only reads: names, attributes, literals, operators, and cheap calls. */
export function readsOnly(e: PyExpr): boolean {
  switch (e.k) {
    case "call": {
      const fn = e.fn;
      const cheap =
        (fn.k === "name" && TEST_BUILTINS.has(fn.id)) ||
        (fn.k === "attr" && (STRING_METHODS.has(fn.name) || fn.name === "get") && readsOnly(fn.obj));
      return cheap && [...e.args, ...Object.values(e.kw)].every(readsOnly);
    }
    case "attr":
      return readsOnly(e.obj);
    case "not":
    case "splat":
      return readsOnly(e.e);
    case "binop":
    case "boolop":
      return readsOnly(e.l) && readsOnly(e.r);
    case "compare":
      return e.items.every(readsOnly);
    case "sub":
      return readsOnly(e.value) && e.index.every(readsOnly);
    case "list":
      return e.items.every(readsOnly);
    case "ifexp":
      return readsOnly(e.test) && readsOnly(e.body) && readsOnly(e.orelse);
    case "fstr":
      return e.parts.every((p) => typeof p === "string" || readsOnly(p));
    default:
      return true;
  }
}
