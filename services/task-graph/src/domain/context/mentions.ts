// What an issue's text names in code (SPEC §4): file paths (`src/cart.ts`, `cart.ts`,
// `services/task-graph/`) and identifiers (`addCents`, `LexicalIndex.search`, `parse_args()`,
// `MAX_SIZE`). Plain English words are not identifiers: a word counts only when its shape says
// code (camelCase, PascalCase with an inner capital, snake_case, a call `()`, a dotted member,
// backticks).

export interface Mentions {
  /** Path-like strings, without a leading `./` or `/`. */
  paths: string[];
  /** Identifier names (the last part of a dotted name; the dotted name's owner too). */
  identifiers: string[];
}

const PATH =
  /(?:^|[\s`'"(<[{,;:])((?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w@.-]*[\w-]\.[A-Za-z][\w]{0,9}|(?:[\w@.-]+\/)+[\w@.-]*)(?=$|[\s`'")>\]},;:!?]|\.(?:\s|$))/g;
const BACKTICKED = /`([^`\n]{1,120})`/g;
const WORD = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\(\))?/g;
const URL_LIKE = /^[a-z]+:\/\//i;

function looksLikeIdentifier(word: string, called: boolean): boolean {
  if (word.length < 3) return false;
  if (called) return true;
  if (/^[a-z]+[A-Z]/.test(word)) return true; // camelCase
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(word)) return true; // PascalCase with an inner capital
  if (/[a-z0-9]_[a-z0-9]/i.test(word)) return true; // snake_case, SCREAMING_CASE
  return false;
}

export function detectMentions(text: string): Mentions {
  const paths = new Set<string>();
  const identifiers = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    let path = m[1]!;
    if (URL_LIKE.test(path) || /^\d/.test(path)) continue;
    path = path.replace(/^\.{0,2}\//, "").replace(/\/$/, "");
    // "e.g." and version numbers are not paths: a path has a slash or a known-looking extension.
    if (!path.includes("/") && !/\.[a-z]{1,5}$/i.test(path)) continue;
    if (/^(?:e\.g|i\.e|etc|vs)$/i.test(path)) continue;
    if (path.length >= 3) paths.add(path);
  }
  const addWord = (raw: string, called: boolean, forced: boolean) => {
    const parts = raw.split(".");
    const last = parts[parts.length - 1]!;
    const dotted = parts.length > 1 && !/^[a-z]{1,4}$/.test(last);
    if (forced || dotted || looksLikeIdentifier(last, called)) {
      if (last.length >= 2) identifiers.add(last);
      if (parts.length > 1 && looksLikeIdentifier(parts[0]!, false)) identifiers.add(parts[0]!);
      if (parts.length > 1 && /^[A-Z]/.test(parts[0]!)) identifiers.add(parts[0]!);
    }
  };
  for (const m of text.matchAll(BACKTICKED)) {
    for (const w of m[1]!.matchAll(WORD)) addWord(w[0].replace(/\(\)$/, ""), Boolean(w[1]), true);
  }
  for (const w of text.matchAll(WORD)) {
    const word = w[0].replace(/\(\)$/, "");
    // A dotted word that is a path's file name (`cart.ts`) is not a member access.
    if (word.includes(".") && [...paths].some((p) => p.endsWith(word))) continue;
    addWord(word, Boolean(w[1]), false);
  }
  return { paths: [...paths].sort(), identifiers: [...identifiers].sort() };
}

/** `src/cart` for src/cart.ts. */
export const withoutExtension = (path: string) => path.replace(/\.[^./]+$/, "");

/**
 * True when a mentioned path names this file: the whole path, a suffix at a `/`, or a folder above
 * it. `bare`: the path without its extension, when the caller has it already.
 */
export function pathMatches(
  mention: string,
  filePath: string,
  bare = withoutExtension(filePath),
): "file" | "folder" | null {
  return pathMatcher(mention)(filePath, bare);
}

/** pathMatches for one mention, its affixes built once: a ranking tests it against every file. */
export function pathMatcher(mention: string): (filePath: string, bare: string) => "file" | "folder" | null {
  const suffix = `/${mention}`;
  const folder = `${mention}/`;
  const inner = `/${mention}/`;
  return (filePath, bare) => {
    if (filePath === mention || filePath.endsWith(suffix)) return "file";
    if (filePath.startsWith(folder) || filePath.includes(inner)) return "folder";
    // Without its extension (`src/cart` for src/cart.ts).
    if (bare === mention || bare.endsWith(suffix)) return "file";
    return null;
  };
}
