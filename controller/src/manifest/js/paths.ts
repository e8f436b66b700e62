// Route paths: joining prefixes and writing parameters the manifest's way (`{name}`).

/** Joins prefixes and a route path: one slash between parts, none at the end (except "/"). */
export function joinPaths(...parts: string[]): string {
  const segments = parts.flatMap((p) => p.split("/")).filter((s) => s !== "");
  return `/${segments.join("/")}`;
}

/**
 * `:id`, `:id?`, `:id(\\d+)`, `:id{[0-9]+}` (Hono), `<int:id>`, `{id:int}` → `{id}`.
 * Other segments are kept as written.
 */
export function templatePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        let name = "";
        for (const ch of segment.slice(1)) {
          if (!/[\w$]/.test(ch)) break;
          name += ch;
        }
        return `{${name}}`;
      }
      if (segment.startsWith("<") && segment.endsWith(">"))
        return `{${segment.slice(1, -1).split(":").pop()}}`;
      if (segment.startsWith("{") && segment.endsWith("}")) return `{${segment.slice(1, -1).split(":")[0]}}`;
      return segment;
    })
    .join("/");
}

/** The parameter names of a templated path, in order. */
export function pathParams(path: string): string[] {
  return path
    .split("/")
    .filter((s) => s.startsWith("{") && s.endsWith("}"))
    .map((s) => s.slice(1, -1));
}

/**
 * The paths an Express path string matches when it alternates: `/users|register|signup` →
 * `/users`, `/register`, `/signup` (path-to-regexp 0.1 passes `|` into the regex; the router is
 * relative, so each alternative is a path of its own), `/(en|fr)/about` → `/en/about`, `/fr/about`.
 * A parameter's pattern (`/:lang(en|fr)`) is one path: its alternatives are values, not routes.
 */
export function expandAlternations(path: string): string[] {
  const top = splitTopLevel(path);
  if (top.length > 1) return top.flatMap((p) => expandAlternations(p.startsWith("/") ? p : `/${p}`));
  const group = /(^|[^\w$?])\(([\w\-/|.]*\|[\w\-/|.]*)\)(\??)/.exec(path);
  if (!group) return [path];
  const before = path.slice(0, group.index + group[1]!.length);
  const after = path.slice(group.index + group[0].length);
  const options = [...group[2]!.split("|"), ...(group[3] ? [""] : [])];
  return options.flatMap((o) => expandAlternations(`${before}${o}${after}`.replace(/\/\/+/g, "/")));
}

/** `a|b(c|d)` → `a`, `b(c|d)`: only the `|` outside parentheses. */
function splitTopLevel(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === "(") depth++;
    else if (path[i] === ")") depth--;
    else if (path[i] === "|" && depth === 0) {
      parts.push(path.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(path.slice(start));
  return parts.filter((p) => p !== "");
}
