// Method names of each language's built-in types. `x.push(…)` on a receiver we cannot type is far
// more likely the built-in than a repository method that happens to share the name, so such calls
// are not guessed by name (a call through `this`, an import or a known class still resolves).
import type { Family } from "./symbol-table.js";

const JS_PROTOTYPES: object[] = [
  Array.prototype,
  Map.prototype,
  Set.prototype,
  WeakMap.prototype,
  String.prototype,
  Number.prototype,
  Promise.prototype,
  Object.prototype,
  Date.prototype,
  RegExp.prototype,
  Function.prototype,
  Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype),
];

const JS = new Set(JS_PROTOTYPES.flatMap((proto) => Object.getOwnPropertyNames(proto)));
for (const name of ["then", "catch", "finally", "toJSON", "log", "error", "warn", "info", "debug"])
  JS.add(name);

// list, dict, set, str and file objects.
const PYTHON = new Set(
  "append extend insert remove pop clear index count sort reverse copy get items keys values update setdefault popitem add discard union intersection difference join split rsplit strip lstrip rstrip replace format startswith endswith lower upper encode decode find read write close readline readlines".split(
    " ",
  ),
);

// Object, String, the collections and streams.
const JVM = new Set(
  "equals hashCode toString getClass get put add addAll remove size isEmpty contains containsKey containsValue clear stream map filter collect forEach reduce orElse orElseThrow of ofNullable isPresent length charAt substring trim split format valueOf append build builder iterator next hasNext keySet values entrySet getKey getValue sort toList toArray println printf".split(
    " ",
  ),
);

const GO = new Set([
  "Error",
  "String",
  "Close",
  "Read",
  "Write",
  "Len",
  "Lock",
  "Unlock",
  "Wait",
  "Done",
  "Add",
]);

const BY_FAMILY: Record<Family, Set<string>> = { js: JS, python: PYTHON, jvm: JVM, go: GO, other: new Set() };

export function isBuiltinMethodName(family: Family, name: string): boolean {
  return BY_FAMILY[family].has(name);
}
