// An expression node → its Value, names looked up in the walk's scope (module-level names stay
// `id`s for link to resolve). Functions met on the way are recorded through the walk.

import { readModuleCall } from "../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../scanner.js";
import { lineOf, named, stringText, unescapeSequence } from "./js-syntax.js";
import type { ModuleWalk, Scope } from "./module-walk.js";
import { decoratedClassNode } from "./ts-decorate.js";
import { str, unknown, type Value } from "./value.js";

/** Babel's and TypeScript's helpers around `require()` in compiled ES modules. */
const INTEROP_HELPERS = /^_{0,2}(interopRequire(Default|Wildcard)|import(Default|Star))$/;

/** Wrappers whose value is the expression inside (types and parentheses dropped). */
const TRANSPARENT = new Set([
  "parenthesized_expression",
  "await_expression",
  "as_expression",
  "satisfies_expression",
  "non_null_expression",
  "type_assertion",
]);

export function expressionValue(w: ModuleWalk, n: SyntaxNode | null | undefined, scope: Scope): Value {
  if (!n) return unknown("");
  if (TRANSPARENT.has(n.type))
    return w.toValue(
      named(n).find((c) => !c.type.endsWith("_type") && c.type !== "type_identifier") ?? n.namedChildren[0],
      scope,
    );
  const literal = literalValue(n);
  if (literal) return literal;
  switch (n.type) {
    case "template_string":
      return templateValue(w, n, scope);
    case "identifier":
    case "shorthand_property_identifier":
      return scope.get(n.text) ?? { k: "id", name: n.text };
    // Inside a class's methods `this` names that class's instance (`this:Name`, classProps).
    case "this":
      return scope.get("this") ?? { k: "id", name: "this" };
    // `(0, _express.default)()`: compiled code calls an import through a comma expression.
    case "sequence_expression":
      return w.toValue(named(n).at(-1), scope);
    // `exports.x = void 0`: the placeholder compilers write before the real export.
    case "unary_expression":
      return n.text.replace(/\s+/g, " ") === "void 0" ? { k: "null" } : unknown(n.text);
    // `var app = module.exports = koa()`: the value of an assignment is its right side.
    case "assignment_expression":
      return w.toValue(n.childForFieldName("right"), scope);
    case "array":
      return arrayValue(w, n, scope);
    case "object":
      return objectValue(w, n, scope);
    case "binary_expression":
      return binaryValue(w, n, scope);
    case "ternary_expression":
      return ternaryValue(w, n, scope);
    case "member_expression":
    case "subscript_expression":
      return accessValue(w, n, scope);
    case "call_expression":
      return callValue(w, n, scope);
    case "new_expression":
      return newValue(w, n, scope);
    case "arrow_function":
    case "function_expression":
    case "function":
      return w.fnValue(n, scope);
    case "class":
      return {
        k: "class",
        name: n.childForFieldName("name")?.text ?? `class@${lineOf(n)}`,
        file: w.file.path,
      };
    default:
      return unknown(n.text);
  }
}

/** Strings, numbers, regular expressions, booleans, null: values without names in them. */
function literalValue(n: SyntaxNode): Value | undefined {
  switch (n.type) {
    case "string":
      return str(stringText(n));
    case "number":
      return { k: "num", v: Number(n.text.replace(/_/g, "")) };
    // Its pattern text (what a route path written as a regex shows), its flags kept for folding.
    case "regex":
      return {
        k: "str",
        v: n.childForFieldName("pattern")?.text ?? "",
        re: n.childForFieldName("flags")?.text ?? "",
      };
    case "true":
    case "false":
      return { k: "bool", v: n.type === "true" };
    case "null":
    case "undefined":
      return { k: "null" };
    default:
      return undefined;
  }
}

/** `a.b`, `a["b"]`, `a[i]`: a property read, recorded when it reads a parameter's parts. */
/** The scope entry a `for (k in obj)` loop leaves for `obj[k]` (no identifier has a space). */
export const forInKey = (name: string): string => `for-in key ${name}`;

function accessValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const of = w.toValue(n.childForFieldName("object"), scope);
  // `obj[k]` inside `for (k in obj)`: JavaScript visits each of obj's own values so.
  const index = n.type === "subscript_expression" ? n.childForFieldName("index") : null;
  const element = index?.type === "identifier" ? scope.get(forInKey(index.text)) : undefined;
  if (element?.k === "each" && JSON.stringify(element.of) === JSON.stringify(of)) return element;
  const prop =
    n.type === "member_expression"
      ? str(n.childForFieldName("property")?.text ?? "")
      : w.toValue(n.childForFieldName("index"), scope);
  return w.noteRead({ k: "get", of, prop });
}

function templateValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const parts: Value[] = [];
  for (const c of named(n)) {
    if (c.type === "template_substitution") parts.push(w.toValue(c.namedChildren[0], scope));
    else parts.push(str(c.type === "escape_sequence" ? unescapeSequence(c.text) : c.text));
  }
  return { k: "cat", parts };
}

function arrayValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  return {
    k: "arr",
    items: named(n)
      .filter((c) => c.type !== "comment")
      .map(
        (c): Value =>
          c.type === "spread_element"
            ? { k: "spread", of: w.toValue(c.namedChildren[0], scope) }
            : w.toValue(c, scope),
      ),
  };
}

function objectValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const props: [string, Value][] = [];
  const spreads: Value[] = [];
  for (const c of named(n)) {
    if (c.type === "pair") {
      const name = propertyName(c.childForFieldName("key"));
      if (name !== undefined) props.push([name, w.toValue(c.childForFieldName("value"), scope)]);
    } else if (c.type === "shorthand_property_identifier") props.push([c.text, w.toValue(c, scope)]);
    else if (c.type === "spread_element") spreads.push(w.toValue(c.namedChildren[0], scope));
    else if (c.type === "method_definition")
      props.push([c.childForFieldName("name")?.text ?? "", w.fnValue(c, scope)]);
  }
  return spreads.length > 0 ? { k: "obj", props, spreads } : { k: "obj", props };
}

/** `"a"`, `[KEY]`, `a`: an object literal's key as written. */
function propertyName(key: SyntaxNode | null): string | undefined {
  if (key?.type === "string") return stringText(key);
  if (key?.type === "computed_property_name") return key.namedChildren[0]?.text;
  return key?.text;
}

/**
 * `c ? a : b`: one of the branches, by a condition the scan does not evaluate (`choice`); but
 * `x ? x : d` is `x || d`, the default when `x` is not known.
 */
function ternaryValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const consequence = n.childForFieldName("consequence");
  const options = [w.toValue(consequence, scope), w.toValue(n.childForFieldName("alternative"), scope)];
  const sameAsCondition = consequence?.text === n.childForFieldName("condition")?.text;
  return sameAsCondition ? { k: "or", options } : { k: "or", options, choice: true };
}

function binaryValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const op = n.childForFieldName("operator")?.text;
  const left = w.toValue(n.childForFieldName("left"), scope);
  const right = w.toValue(n.childForFieldName("right"), scope);
  if (op === "+") return { k: "cat", parts: [left, right] };
  if (op === "??" || op === "||") return { k: "or", options: [left, right] };
  return unknown(n.text);
}

function callValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const fnNode = n.childForFieldName("function");
  const args = named(n.childForFieldName("arguments")).filter((c) => c.type !== "comment");
  const moduleCall = readModuleCall(n);
  if (moduleCall) return { k: "import", from: moduleCall.specifier, name: "default" };
  const interop = interopImport(w, fnNode, args, scope);
  if (interop) return interop;
  if (fnNode?.type === "import") return unknown(n.text);
  const decorated = decoratedClassNode(n);
  if (decorated) return w.toValue(decorated, scope);
  const call: Value = {
    k: "call",
    fn: w.toValue(fnNode, scope),
    args: args.map((a) => w.toValue(a, scope)),
    at: w.at(n),
    line: lineOf(n),
  };
  noteNamedPartRead(w, call);
  return call;
}

/** `req.get("x-api-key")`, `c.req.query("q")`: a read of a named part of a parameter. */
function noteNamedPartRead(w: ModuleWalk, call: Extract<Value, { k: "call" }>): void {
  const named0 = call.args[0]?.k === "str" ? call.args[0].v : undefined;
  if (call.fn.k !== "get" || named0 === undefined) return;
  const method = call.fn.prop.k === "str" ? call.fn.prop.v : undefined;
  if (method)
    w.noteRead({
      k: "get",
      of: { k: "get", of: call.fn.of, prop: str(`${method}()`) },
      prop: str(named0),
    });
}

function newValue(w: ModuleWalk, n: SyntaxNode, scope: Scope): Value {
  const args = named(n.childForFieldName("arguments"));
  return {
    k: "call",
    fn: w.toValue(n.childForFieldName("constructor"), scope),
    args: args.map((a) => w.toValue(a, scope)),
    at: w.at(n),
    line: lineOf(n),
    isNew: true,
  };
}

/**
 * `_interopRequireDefault(require("x"))`, `__importDefault(require("x"))` (Babel's and
 * TypeScript's CommonJS output) and their wildcard twins: the module's namespace, whose
 * `.default` is its default export (program.ts).
 */
function interopImport(
  w: ModuleWalk,
  fnNode: SyntaxNode | null,
  args: readonly SyntaxNode[],
  scope: Scope,
): Value | undefined {
  const name =
    fnNode?.type === "member_expression" ? fnNode.childForFieldName("property")?.text : fnNode?.text;
  if (args.length !== 1 || !name || !INTEROP_HELPERS.test(name)) return undefined;
  const inner = w.toValue(args[0], scope);
  return inner.k === "import" && inner.name === "default" ? { ...inner, name: "*" } : undefined;
}
