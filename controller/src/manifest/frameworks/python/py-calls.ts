// Calls the Python evaluator (./py-evaluator.ts) answers from values alone: namedtuple classes
// and their records, `dict(…)`/`list(…)`/`tuple(…)`, and the methods of known strings, lists
// and dicts; plus what tells a project method's first parameter at a call. Undefined when the
// call is none of these.

import type { PyExpr, PyFunction } from "./py-facts.js";
import { stringMethod } from "./py-operators.js";
import { asString, type ClassValue, type PyValue, UNKNOWN } from "./py-values.js";

type Keywords = Record<string, PyValue>;

/** The value of `callee(*args, **kw)` when values alone say it. */
export function valueCall(callee: PyValue, args: PyValue[], kw: Keywords): PyValue | undefined {
  if (callee.t === "external") return builtinValue(callee.path, args, kw);
  if (callee.t === "obj" && callee.kind === RECORD_TYPE) return record(callee.data as string[], args, kw);
  if (callee.t !== "method") return undefined;
  const { self, name } = callee;
  if (self.t === "str" && name !== "format") return stringMethod(self.v, name, args);
  if (self.t === "list" && LIST_METHODS.has(name)) {
    // The list the code builds (`urls.append(alias)`), changed in place as Python does.
    if (name === "append") self.items.push(args[0] ?? UNKNOWN);
    else self.items.push(...(args[0]?.t === "list" ? args[0].items : [UNKNOWN]));
    return { t: "none" };
  }
  if (self.t === "dict" && name === "get") {
    const key = asString(args[0]);
    const hit = self.entries.find(([k]) => key !== undefined && asString(k) === key);
    if (hit) return hit[1];
    const allKnown = self.entries.every(([k]) => asString(k) !== undefined);
    return allKnown && key !== undefined ? (args[1] ?? { t: "none" }) : UNKNOWN;
  }
  // `for path, view in ROUTES.items()`: a known dict's views, in insertion order (Python 3.7+).
  if (self.t === "dict" && DICT_VIEWS.has(name)) return dictView(self.entries, name);
  return undefined;
}

const DICT_VIEWS = new Set(["items", "keys", "values"]);

function dictView(entries: [PyValue, PyValue][], name: string): PyValue {
  if (name === "keys") return { t: "list", items: entries.map(([k]) => k) };
  if (name === "values") return { t: "list", items: entries.map(([, v]) => v) };
  return { t: "list", items: entries.map(([k, v]) => ({ t: "list", items: [k, v] })) };
}

/** `dict(url="/x")`, `list(items)`, `tuple(items)`, `namedtuple("Route", "resource, url")`. */
function builtinValue(path: string, args: PyValue[], kw: Keywords): PyValue | undefined {
  if (path === "builtins.dict" && args.length === 0)
    return { t: "dict", entries: Object.entries(kw).map(([k, v]) => [{ t: "str", v: k }, v]) };
  if (path === "builtins.list" || path === "builtins.tuple")
    return args[0]?.t === "list" ? { t: "list", items: [...args[0].items] } : undefined;
  if (NAMEDTUPLE_MAKERS.has(path)) return recordType(args[1] ?? kw.field_names);
  return undefined;
}

/** A namedtuple class (its field names) and one of its records (field → value). */
const RECORD_TYPE = "py.namedtuple";
export const RECORD = "py.record";

const NAMEDTUPLE_MAKERS = new Set(["collections.namedtuple", "typing.NamedTuple"]);

/** `namedtuple("Route", "resource, url")` or `namedtuple("Route", ["resource", "url"])`. */
function recordType(spec: PyValue | undefined): PyValue {
  const names =
    spec?.t === "str"
      ? spec.v.split(/[\s,]+/).filter(Boolean)
      : spec?.t === "list"
        ? spec.items.map(asString).filter((n): n is string => n !== undefined)
        : undefined;
  return names ? { t: "obj", kind: RECORD_TYPE, data: names } : UNKNOWN;
}

function record(fields: readonly string[], args: PyValue[], kw: Keywords): PyValue {
  const data: Record<string, PyValue> = {};
  fields.forEach((name, i) => {
    data[name] = args[i] ?? kw[name] ?? UNKNOWN;
  });
  return { t: "obj", kind: RECORD, data };
}

/** A value a project function may hand back to route code: data the scan fully holds. */
export function isPlain(value: PyValue): boolean {
  switch (value.t) {
    case "str":
    case "num":
    case "bool":
    case "none":
      return true;
    case "list":
      return value.items.every(isPlain);
    case "dict":
      return value.entries.every(([k, v]) => isPlain(k) && isPlain(v));
    case "obj":
      return value.kind === RECORD;
    default:
      return false;
  }
}

/** The decorators a method may carry and still be evaluated at its calls. */
export const METHOD_KINDS = new Set(["staticmethod", "classmethod"]);

export function decoratorId(d: PyExpr): string | undefined {
  return d.k === "name" ? d.id : d.k === "attr" ? d.name : undefined;
}

/** What a method's first parameter is at a call: none for a staticmethod, the class for a classmethod. */
export function methodSelf(fn: PyFunction, self: PyValue, cls: ClassValue): PyValue | undefined {
  const kind = fn.decorators.map(decoratorId).find((d) => d !== undefined && METHOD_KINDS.has(d));
  if (kind === "staticmethod") return undefined;
  if (kind === "classmethod") return cls;
  return self.t === "instance" ? self : undefined;
}

export const LIST_METHODS = new Set(["append", "extend"]);

/** The methods of a known dict the evaluator answers (`get`, and its views). */
export const DICT_METHODS = new Set(["get", "items", "keys", "values"]);
