// Binding the names of a pattern to parts of a value, in one module's walk (extract-module.ts):
// `x`, `{ a, b: c }`, `[x, y]`, defaults and rest parameters.

import type { SyntaxNode } from "../scanner.js";
import { named } from "./js-syntax.js";
import type { ModuleWalk, Scope } from "./module-walk.js";
import { str, type Value } from "./value.js";

/** Binds the names of a pattern (`x`, `{a, b: c}`, `[x, y]`) to parts of a value. */
export function bindPattern(w: ModuleWalk, pattern: SyntaxNode, value: Value, scope: Scope): void {
  if (pattern.type === "identifier") scope.set(pattern.text, value);
  // `(first, ...rest)`: the array of the arguments from this parameter on.
  else if (pattern.type === "rest_pattern" && value.k === "param" && !value.path) {
    const name = pattern.namedChildren[0];
    if (name?.type === "identifier") scope.set(name.text, { ...value, rest: true });
  } else if (pattern.type === "object_pattern") bindObjectPattern(w, pattern, value, scope);
  else if (pattern.type === "array_pattern") {
    named(pattern).forEach((c, i) => {
      bindPattern(w, c, { k: "get", of: value, prop: { k: "num", v: i } }, scope);
    });
  } else if (pattern.type === "assignment_pattern") {
    const left = pattern.childForFieldName("left");
    if (left)
      bindPattern(
        w,
        left,
        { k: "or", options: [value, w.toValue(pattern.childForFieldName("right"), scope)] },
        scope,
      );
  }
}

function bindObjectPattern(w: ModuleWalk, pattern: SyntaxNode, value: Value, scope: Scope): void {
  // `const { page } = req.query` reads req.query.page.
  const part = (prop: string): Value => {
    const read = w.noteRead({ k: "get", of: value, prop: str(prop) });
    return value.k === "param" ? { ...value, path: [...(value.path ?? []), prop] } : read;
  };
  for (const c of named(pattern)) {
    if (c.type === "shorthand_property_identifier_pattern") scope.set(c.text, part(c.text));
    else if (c.type === "pair_pattern") {
      const key = c.childForFieldName("key")?.text ?? "";
      const target = c.childForFieldName("value");
      if (target) bindPattern(w, target, part(key), scope);
    } else if (c.type === "object_assignment_pattern") {
      const left = c.childForFieldName("left");
      if (left)
        scope.set(left.text, {
          k: "or",
          options: [part(left.text), w.toValue(c.childForFieldName("right"), scope)],
        });
    }
  }
}
