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
