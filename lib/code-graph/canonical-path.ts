// The one spelling of a file's path in a repository, used by the index, the stored text and the
// journal alike. A path that is not in that spelling is refused with the rule it breaks rather
// than rewritten: two spellings of one file (`./a.ts`, `a.ts`) would otherwise be two keys.

/** Dot lookalikes a segment may not be made of (one dot leader, fullwidth full stop, ...). */
const DOTS = /^[.\u2024\u2025\u2026\uFE52\uFF0E\u3002\uFF61]+$/u;
/** Control characters and the characters Unicode says nobody sees (bidi marks, zero widths). */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const DRIVE = /^[A-Za-z]:/;

/** The rule `path` breaks, or null when it is canonical: relative, `/`-separated, no empty, `.` or `..` segment. */
export function pathProblem(path: string): string | null {
  if (path === "") return "must not be empty";
  if (path.includes("\\")) return "must use '/' as separator (no '\\')";
  if (path.startsWith("/") || DRIVE.test(path)) return "must be relative to the repository root";
  if (path.endsWith("/")) return "must name a file (no trailing '/')";
  if (INVISIBLE.test(path)) return "must not hold control or invisible characters";
  if (path.normalize("NFC") !== path) return "must be in Unicode NFC form";
  for (const segment of path.split("/")) {
    if (segment === "") return "must not hold an empty segment ('//')";
    if (DOTS.test(segment)) return `must not hold a '${segment}' segment`;
  }
  return null;
}
