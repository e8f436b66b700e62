// Python's operators and string methods on the evaluator's values (./py-values.ts), where the
// operands are known: truth, comparisons, `%` formatting, `str.strip`/`join`/`startswith`…
// Anything not known gives `undefined` (the evaluator makes it `unknown`), never a guess.

import { asString, type PyValue } from "./py-values.js";

/** Python's truth of a value, or undefined when the scan cannot know it. */
export function truthOf(value: PyValue): boolean | undefined {
  switch (value.t) {
    case "str":
      return value.v !== "";
    case "num":
      return value.v !== 0;
    case "bool":
      return value.v;
    case "none":
      return false;
    case "list":
      return value.items.length > 0;
    case "dict":
      return value.entries.length > 0;
    case "module":
    case "func":
    case "class":
      return true;
    default:
      return undefined;
  }
}

/** A literal's Python value for comparison: strings, numbers, booleans and None. */
function scalar(value: PyValue): string | number | boolean | null | undefined {
  if (value.t === "str" || value.t === "num" || value.t === "bool") return value.v;
  if (value.t === "none") return null;
  return undefined;
}

/** `a <op> b`, both known; `is`/`==` alike on literals (what route code compares them for). */
export function compareValues(op: string, l: PyValue, r: PyValue): boolean | undefined {
  if (op === "in" || op === "not in") {
    const found = contains(r, l);
    return found === undefined ? undefined : found === (op === "in");
  }
  const noneTest = comparedWithNone(op, l, r);
  if (noneTest !== "n/a") return noneTest;
  const a = scalar(l);
  const b = scalar(r);
  if (a === undefined || b === undefined) return undefined;
  switch (op) {
    case "==":
    case "is":
      return a === b;
    case "!=":
    case "is not":
      return a !== b;
    default:
      break;
  }
  if (typeof a !== typeof b || a === null || b === null) return undefined;
  if (op === "<") return a < b;
  if (op === "<=") return a <= b;
  if (op === ">") return a > b;
  if (op === ">=") return a >= b;
  return undefined;
}

/** `x is None`, `x != None`: known when x is a value the scan holds (a list, a class…). */
function comparedWithNone(op: string, l: PyValue, r: PyValue): boolean | undefined | "n/a" {
  const equal = op === "is" || op === "==";
  if (!equal && op !== "is not" && op !== "!=") return "n/a";
  if (l.t !== "none" && r.t !== "none") return "n/a";
  const other = l.t === "none" ? r : l;
  if (other.t === "none") return equal;
  const opaque = ["unknown", "external", "result", "method"].includes(other.t);
  return opaque ? undefined : !equal;
}

function contains(container: PyValue, item: PyValue): boolean | undefined {
  const needle = scalar(item);
  if (needle === undefined) return undefined;
  if (container.t === "str") return typeof needle === "string" ? container.v.includes(needle) : undefined;
  const members =
    container.t === "list"
      ? container.items
      : container.t === "dict"
        ? container.entries.map(([k]) => k)
        : undefined;
  if (!members) return undefined;
  const known = members.map(scalar);
  if (known.includes(needle)) return true;
  return known.every((m) => m !== undefined) ? false : undefined;
}

/** Python's `str(value)` for the values `%s` and `join` write out. */
function written(value: PyValue): string | undefined {
  if (value.t === "none") return "None";
  if (value.t === "bool") return value.v ? "True" : "False";
  return asString(value);
}

/**
 * `"/%s" % key`, `"%s/%s" % (a, b)`, `"%(name)s_id" % {"name": n}`: printf-style formatting
 * with `%s`, `%d`, `%r` of known strings and numbers, and `%%`.
 */
export function percentFormat(format: string, args: PyValue): string | undefined {
  const named = args.t === "dict" ? args : undefined;
  const positional = args.t === "list" ? args.items : [args];
  let next = 0;
  let failed = false;
  const text = format.replace(/%(?:\((\w+)\))?([-#0 +]*\d*(?:\.\d+)?)([sdirf%])/g, (_, key, _flags, conv) => {
    if (conv === "%") return "%";
    let value: PyValue | undefined;
    if (key !== undefined) value = named?.entries.find(([k]) => asString(k) === key)?.[1];
    else value = positional[next++];
    const out = value ? (conv === "r" && value.t === "str" ? `'${value.v}'` : written(value)) : undefined;
    if (out === undefined) failed = true;
    return out ?? "";
  });
  return failed ? undefined : text;
}

/** The string methods route code builds paths with; their value, or undefined. */
export const STRING_METHODS = new Set([
  "strip",
  "lstrip",
  "rstrip",
  "startswith",
  "endswith",
  "lower",
  "upper",
  "join",
  "replace",
  "format",
]);

/** `s.<method>(*args)` on a known string (`format` is the evaluator's, it reads keywords). */
export function stringMethod(self: string, method: string, args: PyValue[]): PyValue | undefined {
  const strs = args.map(asString);
  switch (method) {
    case "strip":
    case "lstrip":
    case "rstrip":
      return stripped(self, method, args[0]);
    case "startswith":
    case "endswith": {
      const [prefix] = strs;
      if (prefix === undefined) return undefined;
      return { t: "bool", v: method === "startswith" ? self.startsWith(prefix) : self.endsWith(prefix) };
    }
    case "lower":
      return { t: "str", v: self.toLowerCase() };
    case "upper":
      return { t: "str", v: self.toUpperCase() };
    case "replace": {
      const [from, to] = strs;
      return from === undefined || to === undefined ? undefined : { t: "str", v: self.split(from).join(to) };
    }
    case "join": {
      const items = args[0]?.t === "list" ? args[0].items.map(asString) : undefined;
      if (!items || items.some((i) => i === undefined)) return undefined;
      return { t: "str", v: items.join(self) };
    }
    default:
      return undefined;
  }
}

/** `s.strip(chars)`: every character of `chars` (whitespace when none) taken off the end(s). */
function stripped(self: string, method: string, charsArg: PyValue | undefined): PyValue | undefined {
  const chars = charsArg === undefined || charsArg.t === "none" ? " \t\n\r\f\v" : asString(charsArg);
  if (chars === undefined) return undefined;
  let start = 0;
  let end = self.length;
  if (method !== "rstrip") while (start < end && chars.includes(self[start]!)) start++;
  if (method !== "lstrip") while (end > start && chars.includes(self[end - 1]!)) end--;
  return { t: "str", v: self.slice(start, end) };
}
