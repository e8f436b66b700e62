// Routes registered in loops (`for (const r of resources) router.get(`/${r}`, …)`): one route
// per element of the list, when the list is known statically.

import type { JsProgram } from "./program.js";
import { forEachChild, mapChildren, type Value } from "./value.js";

function loopsIn(v: Value, found: Map<string, Value>): void {
  if (v.k === "each") found.set(v.loop, v.of);
  forEachChild(v, (x) => loopsIn(x, found));
}

function substitute(v: Value, loop: string, item: Value): Value {
  if (v.k === "each" && v.loop === loop) return item;
  return mapChildren(v, (x) => substitute(x, loop, item));
}

/** Every combination of loop elements, each a copy of `values` with the elements in place (resolved again). */
export function expandLoops(values: Value[], program: JsProgram, file: string): Value[][] {
  const loops = new Map<string, Value>();
  for (const v of values) loopsIn(v, loops);
  let out: Value[][] = [values];
  for (const [loop, of] of loops) {
    if (of.k !== "arr") continue;
    out = out.flatMap((vs) => of.items.map((item) => vs.map((v) => substitute(v, loop, item))));
  }
  return loops.size === 0 ? out : out.map((vs) => vs.map((v) => program.resolve(v, file)));
}
