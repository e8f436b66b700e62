// A module's tags read from its source text, without loading it (`e2e run --list`, --tag): loading
// 1,000 modules through the TypeScript loader to read one array took seconds. Handles the forms a
// suite writes: `export const tags = ["a", 'b', `c`]`, with a type annotation or `as const`, and no
// `tags` export at all. Anything else (computed tags, `export { tags }`) is left to loading.

const DECLARED = /^[ \t]*export\s+(?:const|let|var)\s+tags\b\s*(?::[^=\n]*)?=\s*\[/m;
/** `tags` named in an export some other way: only loading the module can tell its value. */
const OTHER_EXPORT = /\bexport\s*\{[^}]*\btags\b[^}]*\}|\bexport\s+(?:const|let|var)\s+tags\b/;
/** Blanks and comments between the items. */
const GAP = String.raw`(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*`;
const ITEM = new RegExp(
  `${GAP}(?:"((?:[^"\\\\\\n]|\\\\.)*)"|'((?:[^'\\\\\\n]|\\\\.)*)'|\`([^\`\\\\$]*)\`)${GAP}(,|\\])`,
  "y",
);
const END = new RegExp(`${GAP}\\]`, "y");
/** What may follow the closing bracket: the array itself is the value (not `[...].concat(x)`). */
const TAIL = /[ \t]*(?:as\s+const\b)?[ \t]*(?:;|\r?\n|\/\/|\/\*|$)/y;

/** The tags, [] when the module exports none, or undefined when only loading can tell. */
export function staticTags(source: string): string[] | undefined {
  const declared = DECLARED.exec(source);
  if (!declared) return OTHER_EXPORT.test(source) ? undefined : [];
  const tags: string[] = [];
  let at = declared.index + declared[0].length;
  END.lastIndex = at;
  if (END.test(source)) return closed(source, END.lastIndex, tags);
  for (;;) {
    ITEM.lastIndex = at;
    const m = ITEM.exec(source);
    if (!m) return undefined;
    if (m[1] !== undefined) tags.push(unquoteBody(m[1]));
    else if (m[2] !== undefined) tags.push(unquoteBody(m[2].replace(/\\'/g, "'").replace(/"/g, '\\"')));
    else tags.push(m[3] ?? "");
    at = ITEM.lastIndex;
    if (m[4] === "]") return closed(source, at, tags);
    END.lastIndex = at; // a trailing comma
    if (END.test(source)) return closed(source, END.lastIndex, tags);
  }
}

function closed(source: string, at: number, tags: string[]): string[] | undefined {
  TAIL.lastIndex = at;
  return TAIL.test(source) ? tags : undefined;
}

/** The body of a double-quoted literal (escapes as in JSON, which covers what tags use). */
function unquoteBody(body: string): string {
  if (!body.includes("\\")) return body;
  try {
    return JSON.parse(`"${body}"`);
  } catch {
    return body;
  }
}
