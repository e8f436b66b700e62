// The names a Python statement binds at the level it is written (`def f`, `class C`, `x = …`),
// also inside `if`/`try` blocks: what a module or class body can give to an import or a lookup.

import { nestedBodies, type PyStmt } from "./py-facts.js";

/** A statement of the body, also inside `if`/`try` blocks, binds `name`. */
export function bindsAnywhere(body: readonly PyStmt[], name: string): boolean {
  return body.some(
    (st) =>
      boundNames(st).includes(name) ||
      ((st.s === "block" || st.s === "if") && nestedBodies(st).some((b) => bindsAnywhere(b, name))),
  );
}

/** The names a module-level statement binds (`def f`, `class C`, `x = …`). */
export function boundNames(st: PyStmt): string[] {
  if (st.s === "def") return [st.fn.name];
  if (st.s === "class") return [st.cls.name];
  if (st.s === "assign") return st.targets.flatMap((t) => (t.k === "name" ? [t.id] : []));
  return [];
}
