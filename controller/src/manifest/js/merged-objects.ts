// Objects filled by the calls that copy into their first argument: `Object.assign(target,
// ...sources)` (ECMA-262: copies each source's own properties, the last write wins) and lodash's
// `assign`/`extend` (the same), `merge`/`defaultsDeep` (recursively into nested objects) and
// `defaults` (only properties still missing). A module-level `const settings = {}` filled this
// way (`merge(settings, base, production)`) holds what they copy, in the order written.

import type { CallFact } from "./module-facts.js";
import { PLAIN_CALL } from "./module-facts.js";
import { propOf, stringOf, type Value } from "./value.js";

type Merge = "shallow" | "deep" | "defaults";

const LODASH: Record<string, Merge> = {
  assign: "shallow",
  extend: "shallow",
  assignIn: "shallow",
  merge: "deep",
  defaultsDeep: "deep",
  defaults: "defaults",
};

/** The method names a copying call is made through (before resolving its callee). */
const COPYING_NAMES = new Set([...Object.keys(LODASH), "default", PLAIN_CALL.v]);

/** How a resolved callee copies into its first argument, if it is one of the documented ones. */
export function mergeOf(fn: Value): Merge | undefined {
  if (fn.k === "get" && fn.of.k === "id" && fn.of.name === "Object" && stringOf(fn.prop) === "assign")
    return "shallow";
  // `lodash/merge`, `lodash.merge` (one function per package): the package names the method.
  const single =
    fn.k === "import" && fn.name === "default" ? /^lodash[./](\w+)$/.exec(fn.from)?.[1] : undefined;
  if (single) return LODASH[single];
  const name = fn.k === "import" ? fn.name : fn.k === "get" ? stringOf(fn.prop) : undefined;
  const from = fn.k === "import" ? fn.from : fn.k === "get" && fn.of.k === "import" ? fn.of.from : undefined;
  return (from === "lodash" || from === "lodash-es") && name !== undefined ? LODASH[name] : undefined;
}

/** `target` after `sources` are copied into it the given way. */
export function copyInto(target: Value, sources: readonly Value[], how: Merge): Value {
  let out = target.k === "obj" ? target : { k: "obj" as const, props: [] as [string, Value][] };
  for (const source of sources) {
    if (source.k !== "obj") continue;
    for (const [key, value] of source.props) {
      const held = propOf(out, key);
      if (how === "defaults" && held) continue;
      const next =
        how === "deep" && held?.k === "obj" && value.k === "obj" ? copyInto(held, [value], how) : value;
      out = { k: "obj", props: [...out.props.filter(([k]) => k !== key), [key, next]] };
    }
  }
  return out;
}

/** The calls of a module that may copy into a module-level name (their first argument), by name. */
export function copyingCallsByName(calls: readonly CallFact[]): Map<string, CallFact[]> {
  const byName = new Map<string, CallFact[]>();
  for (const c of calls) {
    const target = c.args[0];
    if (target?.k !== "id" || !COPYING_NAMES.has(stringOf(c.method) ?? "")) continue;
    byName.set(target.name, [...(byName.get(target.name) ?? []), c]);
  }
  return byName;
}
