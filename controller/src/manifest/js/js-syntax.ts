// Small readers of JavaScript/TypeScript syntax nodes that the module walk shares.

import type { SyntaxNode } from "../scanner.js";

// String literals are read as the code graph reads them (lib/code-graph's shared syntax layer).
export {
  jsStringText as stringText,
  unescapeJs as unescapeSequence,
} from "../../../../lib/code-graph/index.js";

/** Node types whose value is a function: their bodies are walked with parameters bound. */
export const FN_TYPES = new Set([
  "arrow_function",
  "function_expression",
  "function",
  "function_declaration",
  "generator_function_declaration",
  "method_definition",
]);

export const named = (n: SyntaxNode | null | undefined): readonly SyntaxNode[] => n?.namedChildren ?? [];
export const lineOf = (n: SyntaxNode) => n.startPosition.row + 1;

/** `this.app`: an instance's property handed to a function (`registerRoutes(this.app)`). */
export const isThisMember = (n: SyntaxNode): boolean =>
  n.type === "member_expression" && n.childForFieldName("object")?.type === "this";

/** `a.b["c"].d`: member accesses down to a name, nothing evaluated on the way. */
export function isNameChain(n: SyntaxNode): boolean {
  let node: SyntaxNode | null = n;
  while (node && (node.type === "member_expression" || node.type === "subscript_expression")) {
    const index = node.type === "subscript_expression" ? node.childForFieldName("index") : null;
    if (index && index.type !== "string" && index.type !== "number") return false;
    node = node.childForFieldName("object");
  }
  return node?.type === "identifier" || node?.type === "this";
}
