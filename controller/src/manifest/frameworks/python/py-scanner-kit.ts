// What the three Python framework scanners share around the evaluator: extract (the module
// outline) and small helpers to read evaluated values.

import { HTTP_STATUS_NAMES } from "../../http-status-names.js";
import type { FileFacts, SourceFile } from "../../scanner.js";
import type { Endpoint } from "../../types.js";
import { pythonModuleFacts } from "./py-extract.js";
import type { PyExpr, PyModuleFacts } from "./py-facts.js";
import { asString, type PyValue } from "./py-values.js";

/** The three Python scanners read the same outline: it is extracted and cached once per file. */
export const PYTHON_FACTS_KEY = "python-outline@8";

/** Every Python module may hold a prefix, a setting or a model: all of them are kept. */
export function extractPython(file: SourceFile): PyModuleFacts | undefined {
  return file.language === "python" ? pythonModuleFacts(file) : undefined;
}

export type PyFiles = readonly FileFacts<PyModuleFacts>[];

export function stringList(value: PyValue | undefined): string[] {
  if (!value) return [];
  if (value.t === "list") return value.items.map(asString).filter((s): s is string => s !== undefined);
  const one = asString(value);
  return one === undefined ? [] : [one];
}

/** `201`, `status.HTTP_201_CREATED` or `HTTPStatus.CREATED` → 201. */
export function statusCode(expr: PyExpr | undefined): number | undefined {
  if (!expr) return undefined;
  if (expr.k === "num") return expr.v;
  if (expr.k !== "attr") return undefined;
  const digits = expr.name.split("_").find((part) => /^\d{3}$/.test(part));
  if (digits) return Number(digits);
  return HTTP_STATUS_NAMES[expr.name];
}

/** Endpoints sorted as the manifest keeps them: by path, then method. */
export function sortEndpoints(endpoints: Endpoint[]): Endpoint[] {
  return endpoints.sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1,
  );
}

/** Names that say a dependency or decorator checks who calls (`get_current_user`, `login_required`). */
export function looksLikeAuth(name: string | undefined): boolean {
  if (!name) return false;
  const lower = name.toLowerCase();
  return ["auth", "login", "current_user", "token", "permission", "jwt", "security"].some((w) =>
    lower.includes(w),
  );
}
