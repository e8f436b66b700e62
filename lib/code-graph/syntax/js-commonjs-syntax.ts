// What a CommonJS export assignment says (`module.exports = …`, `exports.x = …`,
// `module.exports.x = …`), read once for both the code graph (extract/typescript.ts: exported
// symbols) and `e2e manifest` (controller/src/manifest/js/module-exports.ts: a module's exports).

import type { SyntaxNodeLike } from "./syntax-node.js";

/** The exported value node and where it goes: the whole module, or one named export. */
export type CommonJsExport<N extends SyntaxNodeLike> =
  | { target: "module"; value: N }
  | { target: "name"; name: string; value: N };

/**
 * Reads an `assignment_expression`; undefined when it assigns anything else. Only the shape of
 * the left side is read: what the value means (a function, an object of names) is the caller's.
 */
export function readCommonJsExport<N extends SyntaxNodeLike>(assignment: N): CommonJsExport<N> | undefined {
  const left = assignment.childForFieldName("left");
  const value = assignment.childForFieldName("right") as N | null;
  if ((left?.type !== "member_expression" && left?.type !== "subscript_expression") || !value)
    return undefined;
  if (left.text === "module.exports") return { target: "module", value };
  const object = left.childForFieldName("object")?.text;
  const name = exportedName(left);
  if ((object !== "exports" && object !== "module.exports") || name === undefined) return undefined;
  return { target: "name", name, value };
}

/** `exports.x` → x; `exports["default"]` (Babel's output for a reserved word) → default. */
function exportedName(left: SyntaxNodeLike): string | undefined {
  if (left.type === "member_expression") return left.childForFieldName("property")?.text;
  const index = left.childForFieldName("index");
  const quoted = index?.type === "string" ? /^(["'])(.*)\1$/.exec(index.text) : null;
  return quoted?.[2];
}
