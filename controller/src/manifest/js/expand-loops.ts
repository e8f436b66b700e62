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

/**
 * Every combination of loop elements, each a copy of `values` with the elements in place
 * (resolved again). One loop is put in place at a time, so an inner loop over what the outer
 * element holds (`for (const [m, spec] of Object.entries(methods))` inside a loop giving
 * `methods`) becomes known once the outer element is in place.
 */
export function expandLoops(values: Value[], program: JsProgram, file: string): Value[][] {
  let out: Value[][] = [values];
  for (let round = 0; round < MAX_NESTING; round++) {
    let expanded = false;
    out = out.flatMap((vs) => {
      const loops = new Map<string, Value>();
      for (const v of vs) loopsIn(v, loops);
      const known = [...loops].find(([, of]) => of.k === "arr");
      if (!known || out.length > MAX_COMBINATIONS) return [vs];
      expanded = true;
      const [loop, of] = known;
      if (of.k !== "arr") return [vs];
      return of.items.map((item) => vs.map((v) => program.resolve(substitute(v, loop, item), file)));
    });
    if (!expanded) break;
  }
  return out;
}

/** Loops nested deeper than this, or more combinations than that, are left as they are. */
const MAX_NESTING = 6;
const MAX_COMBINATIONS = 10_000;
