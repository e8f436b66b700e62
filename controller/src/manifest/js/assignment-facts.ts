// What an assignment expression statement tells one module's walk (extract-module.ts): a local
// rebound, a constructor's instance property, a property set on an object made elsewhere.

import type { SyntaxNode } from "../scanner.js";
import { FN_TYPES } from "./js-syntax.js";
import type { ModuleWalk, Scope } from "./module-walk.js";
import { unknown, type Value } from "./value.js";

/**
 * `api = createApi()` after `let api = null` in a function: later reads in the same block see
 * the value assigned (JavaScript's assignment rebinds the name). An assignment inside a nested
 * block or function changes that block's view only: after it, the value before it is kept.
 */
export function localAssign(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const left = e.childForFieldName("left");
  if (left?.type !== "identifier") return;
  if (scope.has(left.text)) scope.set(left.text, w.toValue(e.childForFieldName("right"), scope));
  else moduleAssign(w, left.text, e.childForFieldName("right"), scope);
}

/**
 * `let app; … app = express()` at the top level or in any function: no inner scope declares the
 * name, so the module's variable is rebound, and every function of the module reads that value.
 * Only a variable declared without a value (or `null`/`undefined`) takes it: a value the
 * declaration gave is what the module was written around. Assigned two different values, which
 * one a read sees depends on the order calls run in: the variable is then unknown, not guessed.
 */
function moduleAssign(w: ModuleWalk, name: string, right: SyntaxNode | null, scope: Scope): void {
  const bound = w.m.bindings[name];
  if (!right || !bound || FN_TYPES.has(right.type)) return;
  const value = w.toValue(right, scope);
  if (isUnset(value)) return;
  const first = w.laterAssigned.get(name);
  if (first === undefined && isUnset(bound)) {
    w.laterAssigned.set(name, value);
    w.m.bindings[name] = value;
  } else if (first !== undefined && JSON.stringify(first) !== JSON.stringify(value)) {
    w.m.bindings[name] = unknown(`${name}, assigned more than one value`);
  }
}

/** A declaration's value that holds nothing yet: none, `null` or `undefined`. */
export const isUnset = (v: Value): boolean =>
  (v.k === "unknown" && v.text === "") || v.k === "null" || (v.k === "id" && v.name === "undefined");

/** `this.router = express.Router()` in a constructor: a property of every instance. */
export function instanceProp(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const left = e.childForFieldName("left");
  const right = e.childForFieldName("right");
  const prop = left?.childForFieldName("property")?.text;
  if (!w.ctor || left?.type !== "member_expression" || left.childForFieldName("object")?.type !== "this")
    return;
  if (prop && right)
    w.ctor.props[prop] = FN_TYPES.has(right.type) ? w.fnValue(right, scope) : w.toValue(right, scope);
}

/**
 * `this.app = express()` in a method (or `_this.server = …` in a callback, `_this` holding
 * `this`): a prop of the class's instances once that method has run; the first one written
 * counts, and the constructor's own (instanceProp) wins over it.
 */
export function selfAssign(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const left = e.childForFieldName("left");
  const right = e.childForFieldName("right");
  const prop = left?.type === "member_expression" ? left.childForFieldName("property")?.text : undefined;
  if (!prop || !right || FN_TYPES.has(right.type)) return;
  const self = w.toValue(left?.childForFieldName("object"), scope);
  const props = self.k === "id" ? w.selfProps.get(self.name) : undefined;
  if (props && !Object.hasOwn(props, prop)) props[prop] = w.toValue(right, scope);
}

/** `app.locals.loginPath = config.get("…")`: a property of an object made elsewhere. */
export function propAssign(w: ModuleWalk, e: SyntaxNode, scope: Scope): void {
  const path: string[] = [];
  let node = e.childForFieldName("left");
  while (node?.type === "member_expression") {
    path.unshift(node.childForFieldName("property")?.text ?? "");
    node = node.childForFieldName("object");
  }
  if (node?.type !== "identifier" || path.length === 0 || ["module", "exports"].includes(node.text)) return;
  const of = w.toValue(node, scope);
  if (of.k !== "call" && of.k !== "id") return;
  const right = e.childForFieldName("right");
  if (!right || FN_TYPES.has(right.type)) return;
  w.m.propAssigns ??= [];
  w.m.propAssigns.push({ of, path, value: w.toValue(right, scope) });
}
