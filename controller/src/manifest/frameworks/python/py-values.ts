// The values the Python evaluator (./py-evaluator.ts) works with: literals, project modules,
// functions and classes, instances of project classes, symbols of libraries (by dotted path) and
// opaque objects a framework created (routers, blueprints, apps).

import type { PyClass, PyExpr, PyFunction } from "./py-facts.js";

export interface ModuleRef {
  module: string;
  file: string;
}

export type PyValue =
  | { t: "str"; v: string }
  | { t: "num"; v: number }
  | { t: "bool"; v: boolean }
  | { t: "none" }
  | { t: "list"; items: PyValue[] }
  | { t: "dict"; entries: [PyValue, PyValue][] }
  | { t: "module"; ref: ModuleRef }
  | { t: "func"; ref: ModuleRef; fn: PyFunction }
  | { t: "class"; ref: ModuleRef; cls: PyClass }
  | { t: "instance"; cls: Extract<PyValue, { t: "class" }> }
  /** Something a library defines, e.g. `fastapi.APIRouter` or `django.urls.path`. */
  | { t: "external"; path: string }
  /** The result of calling a project function (a view factory, a helper). */
  | { t: "result"; fn: Extract<PyValue, { t: "func" }> }
  /** An object a framework hook made: its own data, unknown to the evaluator. */
  | { t: "obj"; kind: string; data: unknown }
  /** `owner.name` where owner is a framework object or a class (for `View.as_view`). */
  | { t: "method"; self: PyValue; name: string }
  | { t: "unknown"; expr?: PyExpr };

export type FuncValue = Extract<PyValue, { t: "func" }>;
export type ClassValue = Extract<PyValue, { t: "class" }>;

export const UNKNOWN: PyValue = { t: "unknown" };

/** The string a value stands for, when it is one (numbers are written out, as f-strings do). */
export function asString(value: PyValue | undefined): string | undefined {
  if (value?.t === "str") return value.v;
  if (value?.t === "num") return String(value.v);
  return undefined;
}

/** The last segment of an external symbol's dotted path (`fastapi.APIRouter` → `APIRouter`). */
export function externalName(value: PyValue): string | undefined {
  return value.t === "external" ? value.path.split(".").pop() : undefined;
}
