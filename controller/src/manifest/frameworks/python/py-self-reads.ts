// Which attributes a method reads from its first parameter (`self.resources`, `cls.prefix`,
// `getattr(self, "prefix", "")`): a base class whose methods read attributes its subclasses set
// registers routes once per subclass (py-method-runs.ts runMethods).

import { nestedBodies, type PyExpr, type PyFunction, type PyStmt } from "./py-facts.js";

const memo = new WeakMap<PyFunction, ReadonlySet<string>>();

/** The names `fn` reads as attributes of its first parameter, anywhere in its body. */
export function selfReads(fn: PyFunction): ReadonlySet<string> {
  const known = memo.get(fn);
  if (known) return known;
  const self = fn.params[0]?.name;
  const out = new Set<string>();
  if (self) for (const st of fn.body) readStmt(st, self, out);
  memo.set(fn, out);
  return out;
}

function readStmt(st: PyStmt, self: string, out: Set<string>): void {
  if (st.s === "assign") {
    if (st.value) readExpr(st.value, self, out);
    // `self.x = …` writes x; `self.x.y = …` reads x.
    for (const t of st.targets) if (t.k === "attr") readExpr(t.obj, self, out);
  } else if (st.s === "expr") readExpr(st.e, self, out);
  else if (st.s === "for") readExpr(st.iter, self, out);
  else if (st.s === "if") readExpr(st.test, self, out);
  for (const body of nestedBodies(st)) for (const inner of body) readStmt(inner, self, out);
}

function readExpr(e: PyExpr, self: string, out: Set<string>): void {
  switch (e.k) {
    case "attr":
      if (e.obj.k === "name" && e.obj.id === self) out.add(e.name);
      else readExpr(e.obj, self, out);
      return;
    case "call": {
      const [owner, name] = e.args;
      const isGetattr = e.fn.k === "name" && (e.fn.id === "getattr" || e.fn.id === "hasattr");
      if (isGetattr && owner?.k === "name" && owner.id === self && name?.k === "str") out.add(name.v);
      readExpr(e.fn, self, out);
      for (const a of [...e.args, ...Object.values(e.kw)]) readExpr(a, self, out);
      return;
    }
    case "fstr":
      for (const p of e.parts) if (typeof p !== "string") readExpr(p, self, out);
      return;
    case "list":
      for (const i of e.items) readExpr(i, self, out);
      return;
    case "dict":
      for (const [k, v] of e.entries) {
        readExpr(k, self, out);
        readExpr(v, self, out);
      }
      return;
    case "sub":
      readExpr(e.value, self, out);
      for (const i of e.index) readExpr(i, self, out);
      return;
    case "binop":
    case "boolop":
      readExpr(e.l, self, out);
      readExpr(e.r, self, out);
      return;
    case "not":
    case "splat":
      readExpr(e.e, self, out);
      return;
    case "compare":
      for (const i of e.items) readExpr(i, self, out);
      return;
    default:
      return;
  }
}
