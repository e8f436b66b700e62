// Constant folding of the calls a path is built with, as JavaScript defines them: String and Array
// methods (ECMA-262), `m.call(this, …)` / `m.apply(this, [...])` on them, and Node's
// `path.join`, evaluated when the receiver and every argument are known statically. Only these
// built-ins are run (never the project's code); program.ts folds the project's own helpers by
// substituting their arguments into what they return, then folds what is left with these.

import { posix } from "node:path";
import { str, stringOf, type Value } from "./value.js";

type Plain = string | number | RegExp | Plain[];

/** The plain JavaScript value of a static value (a regex literal as a RegExp), if it has one. */
function plain(v: Value): Plain | undefined {
  if (v.k === "str" && v.re !== undefined) {
    try {
      return new RegExp(v.v, v.re);
    } catch {
      return undefined;
    }
  }
  if (v.k === "num") return v.v;
  if (v.k === "arr") {
    const items = v.items.map(plain);
    return items.every((i) => i !== undefined) ? (items as Plain[]) : undefined;
  }
  return stringOf(v);
}

/** A plain result back as a value: strings and arrays of strings only. */
function fromPlain(x: unknown): Value | undefined {
  if (typeof x === "string") return str(x);
  if (Array.isArray(x) && x.every((i) => typeof i === "string")) return { k: "arr", items: x.map(str) };
  return undefined;
}

/** The String.prototype methods folded: they return a string or an array of strings. */
const STRING_METHODS = new Set([
  "replace",
  "replaceAll",
  "trim",
  "trimStart",
  "trimEnd",
  "toLowerCase",
  "toUpperCase",
  "concat",
  "slice",
  "substring",
  "split",
  "padStart",
  "padEnd",
]);
/** The Array.prototype methods folded. */
const ARRAY_METHODS = new Set(["join", "concat", "slice"]);

/** `recv.method(...args)` run natively when every part is static and the method is listed. */
function callMethod(recv: Plain, method: string, args: Plain[]): Value | undefined {
  const listed = typeof recv === "string" ? STRING_METHODS : Array.isArray(recv) ? ARRAY_METHODS : undefined;
  if (!listed?.has(method)) return undefined;
  // A replacement function or a non-string join separator is not a path's business.
  if (method.startsWith("replace") && typeof args[1] !== "string") return undefined;
  try {
    const fn = (recv as unknown as Record<string, (...a: Plain[]) => unknown>)[method]!;
    return fromPlain(fn.apply(recv, args));
  } catch {
    return undefined;
  }
}

/** `Array.prototype` / `String.prototype`, or a literal, as the holder of a borrowed method. */
function isPrototypeOrLiteral(v: Value): boolean {
  if (v.k === "get" && stringOf(v.prop) === "prototype")
    return v.of.k === "id" && (v.of.name === "Array" || v.of.name === "String");
  return v.k === "arr" || (v.k === "str" && v.re === undefined);
}

/** Node's `path` module (`path`, `node:path`, `path.posix`): its `join` joins with "/". */
function isPathModule(v: Value): boolean {
  if (v.k === "import")
    return (v.from === "path" || v.from === "node:path") && (v.name === "default" || v.name === "*");
  return v.k === "get" && stringOf(v.prop) === "posix" && isPathModule(v.of);
}

function isPathJoin(fn: Value): boolean {
  if (fn.k === "import") return (fn.from === "path" || fn.from === "node:path") && fn.name === "join";
  return fn.k === "get" && stringOf(fn.prop) === "join" && isPathModule(fn.of);
}

/** The folded value of a resolved call, or undefined when it is not a foldable built-in. */
export function foldCall(fn: Value, args: readonly Value[]): Value | undefined {
  if (fn.k !== "get" && fn.k !== "import") return undefined;
  const plainArgs = args.map(plain);
  if (plainArgs.some((a) => a === undefined)) return undefined;
  const given = plainArgs as Plain[];
  if (isPathJoin(fn))
    return given.every((a) => typeof a === "string") ? str(posix.join(...(given as string[]))) : undefined;
  if (fn.k !== "get") return undefined;
  const method = stringOf(fn.prop);
  if (method === undefined) return undefined;
  // `[].slice.call(args, 0)`, `String.prototype.trim.call(s)`: the method run on `this`.
  if ((method === "call" || method === "apply") && fn.of.k === "get" && isPrototypeOrLiteral(fn.of.of)) {
    const borrowed = stringOf(fn.of.prop);
    const [self, ...rest] = given;
    const list =
      method === "apply" ? (Array.isArray(rest[0]) ? rest[0] : rest.length === 0 ? [] : undefined) : rest;
    return borrowed !== undefined && self !== undefined && list
      ? callMethod(self, borrowed, list)
      : undefined;
  }
  const recv = plain(fn.of);
  return recv === undefined ? undefined : callMethod(recv, method, given);
}

/**
 * `Object.keys(obj)`, `Object.values(obj)`, `Object.entries(obj)` of an object known
 * statically: its own keys, values or `[key, value]` pairs, in the order written (ECMAScript's
 * order for string keys), so a loop over them registers one route per entry.
 */
export function objectListing(fn: Value, args: readonly Value[]): Value | undefined {
  const obj = args[0];
  if (fn.k !== "get" || fn.of.k !== "id" || fn.of.name !== "Object" || obj?.k !== "obj") return undefined;
  const method = stringOf(fn.prop);
  const pairs = obj.props;
  if (method === "keys") return { k: "arr", items: pairs.map(([key]) => str(key)) };
  if (method === "values") return { k: "arr", items: pairs.map(([, value]) => value) };
  if (method === "entries")
    return { k: "arr", items: pairs.map(([key, value]): Value => ({ k: "arr", items: [str(key), value] })) };
  return undefined;
}
