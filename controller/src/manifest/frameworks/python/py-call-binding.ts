// Python's binding of a call's arguments to a function's parameters (positional, keyword,
// `**kwargs`), as the evaluator runs a project function at a call.

import type { PyParam } from "./py-facts.js";
import { type PyValue, UNKNOWN } from "./py-values.js";

/**
 * Python's binding of a call's arguments to `params`: by position, then by name; a `**kwargs`
 * parameter takes the keywords no other parameter named (`def api(path, **route_options)`).
 */
export function bindParams(
  params: readonly PyParam[],
  args: PyValue[],
  kw: Record<string, PyValue>,
  defaultOf: (p: PyParam) => PyValue = () => UNKNOWN,
): Map<string, PyValue> {
  const named = new Set(params.map((p) => p.name));
  const rest: [PyValue, PyValue][] = Object.entries(kw)
    .filter(([k]) => !named.has(k))
    .map(([k, v]) => [{ t: "str", v: k }, v]);
  return new Map(
    params.map((p, i): [string, PyValue] => {
      if (p.kwargs) return [p.name, { t: "dict", entries: rest }];
      return [p.name, (p.splat ? undefined : args[i]) ?? kw[p.name] ?? defaultOf(p)];
    }),
  );
}
