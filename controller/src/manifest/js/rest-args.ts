// The arguments of a call as one array: `...args` (ES2015), a function's own `arguments`, and
// Babel's output for a rest parameter, which copies `arguments` into an array in a loop
// (@babel/plugin-transform-parameters):
//   for (var _len = arguments.length, args = new Array(_len > 1 ? _len - 1 : 0), _key = 1;
//        _key < _len; _key++) { args[_key - 1] = arguments[_key]; }
// A helper written `(...parts) => parts.join("/")` then folds like any other (fold.ts).

import type { SyntaxNode } from "../scanner.js";
import type { Scope } from "./module-walk.js";
import type { Value } from "./value.js";

const BABEL_REST =
  /^for\s*\(var (_len\d*) = arguments\.length, ([\w$]+) = new Array\(\1(?: > (\d+) \? \1 - \3 : 0)?\), (_key\d*) = (\d+); \4 < \1; \4\+\+\)/;

/** The value `arguments` names inside a function (not an arrow: arrows have no own `arguments`). */
export function argumentsValue(fnNode: SyntaxNode, fnId: string): Value | undefined {
  return fnNode.type === "arrow_function" ? undefined : { k: "param", fn: fnId, index: 0, rest: true };
}

/** `for (…)` that is Babel's rest-parameter loop: binds its array to the arguments from its index. */
export function bindBabelRest(loop: SyntaxNode, scope: Scope): boolean {
  const m = BABEL_REST.exec(loop.text);
  const args = scope.get("arguments");
  const from = Number(m?.[5]);
  // `new Array(_len > 1 ? _len - 1 : 0)` goes with `_key = 1`; plain `new Array(_len)` with 0.
  if (!m || args?.k !== "param" || Number(m[3] ?? 0) !== from) return false;
  scope.set(m[2]!, { ...args, index: from });
  return true;
}
