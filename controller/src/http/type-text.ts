// The manifest's type notation (docs/manifest.md: `string`, `integer`, `T[]`, `Record<string, T>`,
// literals, unions, DTO names) parsed into a tree. Generated suites check responses with it at run
// time (shape-check.ts) and `e2e generate-tests` turns it into TypeScript types.

export type TypeNode =
  | { kind: "name"; name: string }
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "array"; of: TypeNode }
  | { kind: "record"; of: TypeNode }
  | { kind: "union"; members: TypeNode[] };

/** Splits `text` at `sep` where no bracket or quote is open. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if ("<([{".includes(c)) depth++;
    else if (">)]}".includes(c)) depth--;
    else if (depth === 0 && c === sep) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

export function parseTypeText(text: string): TypeNode {
  const t = text.trim();
  const members = splitTop(t, "|").filter(Boolean);
  if (members.length > 1) return { kind: "union", members: members.map(parseTypeText) };
  if (t.endsWith("[]")) return { kind: "array", of: parseTypeText(t.slice(0, -2)) };
  if (t.startsWith("(") && t.endsWith(")")) return parseTypeText(t.slice(1, -1));
  const record = /^Record<\s*string\s*,(.*)>$/s.exec(t);
  if (record) return { kind: "record", of: parseTypeText(record[1] as string) };
  const array = /^Array<(.*)>$/s.exec(t);
  if (array) return { kind: "array", of: parseTypeText(array[1] as string) };
  if (/^(["']).*\1$/s.test(t)) return { kind: "literal", value: t.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(t)) return { kind: "literal", value: Number(t) };
  if (t === "true" || t === "false") return { kind: "literal", value: t === "true" };
  if (t === "null") return { kind: "literal", value: null };
  return { kind: "name", name: t || "unknown" };
}
