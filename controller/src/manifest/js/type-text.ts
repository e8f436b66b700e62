// A TypeScript type node → the manifest's type notation (types.ts TypeText).

import type { SyntaxNode } from "../scanner.js";

const UNWRAP = new Set(["Promise", "Observable", "Readonly", "Partial", "Required", "Awaited"]);

export function typeText(node: SyntaxNode | null | undefined): string {
  if (!node) return "unknown";
  switch (node.type) {
    case "type_annotation":
    case "parenthesized_type":
      return typeText(node.namedChildren[0]);
    case "predefined_type": {
      const t = node.text;
      return t === "any" || t === "void" || t === "never" || t === "undefined" ? "unknown" : t;
    }
    case "type_identifier":
    case "nested_type_identifier":
      return node.text === "Date" ? "string" : node.text;
    case "array_type": {
      const inner = typeText(node.namedChildren[0]);
      return inner.includes(" ") ? `(${inner})[]` : `${inner}[]`;
    }
    case "generic_type": {
      const name = node.childForFieldName("name")?.text ?? "";
      const args = node.childForFieldName("type_arguments")?.namedChildren.map(typeText) ?? [];
      if (name === "Array" || name === "ReadonlyArray") return `${args[0] ?? "unknown"}[]`;
      if (UNWRAP.has(name)) return args[0] ?? "unknown";
      if (name === "Record" || name === "Map") return `Record<string, ${args[1] ?? "unknown"}>`;
      return name;
    }
    case "union_type": {
      const parts = node.namedChildren
        .map(typeText)
        .filter((t) => t !== "unknown" || node.namedChildren.length === 1);
      return [...new Set(parts)].join(" | ");
    }
    case "literal_type": {
      const lit = node.namedChildren[0];
      if (lit?.type === "string") return JSON.stringify(lit.text.slice(1, -1));
      return lit?.text ?? node.text;
    }
    case "object_type":
      return "object";
    case "tuple_type":
      return "unknown[]";
    default:
      return "unknown";
  }
}

/** The members of a union of literals (`"a" | "b" | 1`), or undefined if it is anything else. */
export function literalUnion(node: SyntaxNode | null | undefined): (string | number)[] | undefined {
  if (!node) return undefined;
  const members = node.type === "union_type" ? node.namedChildren : [node];
  const out: (string | number)[] = [];
  for (const m of members) {
    if (m.type === "union_type") {
      const inner = literalUnion(m);
      if (!inner) return undefined;
      out.push(...inner);
      continue;
    }
    const lit = m.type === "literal_type" ? m.namedChildren[0] : undefined;
    if (lit?.type === "string") out.push(lit.text.slice(1, -1));
    else if (lit?.type === "number") out.push(Number(lit.text));
    else return undefined;
  }
  return node.type === "union_type" ? out : undefined;
}
