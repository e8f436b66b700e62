// What a `require("m")` or `import("m")` call names, read once for both the code graph
// (extract/typescript.ts: IMPORTS of CommonJS and dynamic imports) and `e2e manifest`
// (controller/src/manifest/js/to-value.ts: the module a value comes from).

import { jsStringText } from "./js-module-syntax.js";
import { namedChildrenOf, type SyntaxNodeLike } from "./syntax-node.js";

/** A call that loads a module by a literal name. */
export interface ModuleCall {
  kind: "require" | "import";
  /** The module as written, escapes resolved (`""` for an empty literal). */
  specifier: string;
  /** The string literal (its line is the import's line). */
  literal: SyntaxNodeLike;
}

/**
 * `require("m")`, `import("m")`: the module named by the first argument. Comments before it
 * are skipped (`import(/* webpackChunkName: "x" *\/ "./m")`). Undefined for any other call, and
 * for a first argument that is not a plain string literal (a template, a variable).
 */
export function readModuleCall(call: SyntaxNodeLike): ModuleCall | undefined {
  const fn = call.childForFieldName("function");
  const kind =
    fn?.type === "import"
      ? "import"
      : fn?.type === "identifier" && fn.text === "require"
        ? "require"
        : undefined;
  if (!kind) return undefined;
  const first = namedChildrenOf(call.childForFieldName("arguments")).find((c) => c.type !== "comment");
  if (first?.type !== "string") return undefined;
  return { kind, specifier: jsStringText(first), literal: first };
}
