// A manifest type text (docs/manifest.md) as a TypeScript type, for types.ts and page.ts.

import { parseTypeText, type TypeNode } from "../http/index.js";
import type { Field } from "../manifest/index.js";

const PRIMITIVES: Record<string, string> = {
  string: "string",
  number: "number",
  integer: "number",
  boolean: "boolean",
  null: "null",
  object: "Record<string, unknown>",
};

function render(node: TypeNode, known: Set<string>): string {
  switch (node.kind) {
    case "literal":
      return JSON.stringify(node.value);
    case "array": {
      const inner = render(node.of, known);
      return /[ |]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
    }
    case "record":
      return `Record<string, ${render(node.of, known)}>`;
    case "union":
      return [...new Set(node.members.map((m) => render(m, known)))].join(" | ");
    case "name":
      return PRIMITIVES[node.name] ?? (known.has(node.name) ? node.name : "unknown");
  }
}

/** `known`: the DTO and type names types.ts declares; any other name becomes `unknown`. */
export function tsType(text: string, known: Set<string>): string {
  return render(parseTypeText(text), known);
}

export function fieldType(field: Field, known: Set<string>): string {
  const t = tsType(field.type, known);
  return field.constraints?.nullable === true && t !== "unknown" ? `${t} | null` : t;
}
