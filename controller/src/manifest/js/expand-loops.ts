// Routes registered in loops (`for (const r of resources) router.get(`/${r}`, …)`): one route
// per element of the list, when the list is known statically.

import type { JsProgram } from "./program.js";
import type { Value } from "./value.js";

function loopsIn(v: Value, found: Map<string, Value>): void {
  switch (v.k) {
    case "each":
      found.set(v.loop, v.of);
      loopsIn(v.of, found);
      return;
    case "get":
      loopsIn(v.of, found);
      loopsIn(v.prop, found);
      return;
    case "call":
      loopsIn(v.fn, found);
      for (const a of v.args) loopsIn(a, found);
      return;
    case "cat":
      for (const p of v.parts) loopsIn(p, found);
      return;
    case "or":
      for (const p of v.options) loopsIn(p, found);
      return;
    case "arr":
      for (const p of v.items) loopsIn(p, found);
      return;
    case "obj":
      for (const [, p] of v.props) loopsIn(p, found);
      return;
    default:
  }
}

function substitute(v: Value, loop: string, item: Value): Value {
  const s = (x: Value) => substitute(x, loop, item);
  switch (v.k) {
    case "each":
      return v.loop === loop ? item : { ...v, of: s(v.of) };
    case "get":
      return { k: "get", of: s(v.of), prop: s(v.prop) };
    case "call":
      return { ...v, fn: s(v.fn), args: v.args.map(s) };
    case "cat":
      return { k: "cat", parts: v.parts.map(s) };
    case "or":
      return { k: "or", options: v.options.map(s) };
    case "arr":
      return { k: "arr", items: v.items.map(s) };
    case "obj":
      return { k: "obj", props: v.props.map(([k, x]) => [k, s(x)] as [string, Value]) };
    default:
      return v;
  }
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
