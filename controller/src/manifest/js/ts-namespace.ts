// A TypeScript namespace as tsc emits it for CommonJS: `var NS; (function (NS) { … NS.Api = Api;
// })(NS = exports.NS || (exports.NS = {}));` (the handbook's "Namespaces"). The function runs
// once with `NS` the module's object, so what its body assigns to `NS.x` are that object's
// properties; `exports.NS` in the argument exports it.

import type { SyntaxNode } from "../scanner.js";
import { named } from "./js-syntax.js";

export interface TsNamespace {
  name: string;
  body: SyntaxNode;
  exported: boolean;
}

/** The namespace a top-level statement fills, when it is tsc's namespace IIFE. */
export function tsNamespace(s: SyntaxNode): TsNamespace | undefined {
  const call = s.type === "expression_statement" ? s.namedChildren[0] : undefined;
  if (call?.type !== "call_expression") return undefined;
  let fn = call.childForFieldName("function");
  while (fn?.type === "parenthesized_expression") fn = fn.namedChildren[0] ?? null;
  if (fn?.type !== "function_expression") return undefined;
  const params = named(fn.childForFieldName("parameters"));
  const args = named(call.childForFieldName("arguments"));
  const name = params.length === 1 && params[0]?.type === "identifier" ? params[0].text : undefined;
  const arg = args.length === 1 ? args[0] : undefined;
  // `NS = exports.NS || (exports.NS = {})`, or `NS || (NS = {})` for a namespace kept local.
  const assigned = arg?.type === "assignment_expression" ? arg.childForFieldName("left")?.text : undefined;
  const body = fn.childForFieldName("body");
  if (!name || !body || !arg || !(assigned === name || arg.text.startsWith(`${name} ||`))) return undefined;
  return { name, body, exported: arg.text.includes(`exports.${name}`) };
}
