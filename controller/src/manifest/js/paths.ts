// Route paths: joining prefixes and writing parameters the manifest's way (`{name}`).

import { splitTopLevel } from "./regex-path.js";

/** Joins prefixes and a route path: one slash between parts, none at the end (except "/"). */
export function joinPaths(...parts: string[]): string {
  const segments = parts.flatMap((p) => p.split("/")).filter((s) => s !== "");
  return `/${segments.join("/")}`;
}

/**
 * `:id`, `:id?`, `:id(\\d+)`, `:id{[0-9]+}` (Hono), `<int:id>`, `{id:int}` → `{id}`; several
 * parameters in one segment, as Express and Fastify document them (`:from-:to`,
 * `:genus.:species`, `:file.:ext?`) → `{from}-{to}`; a colon before no name is literal; Express
 * 5's named wildcards `*rest` and `{*rest}` → `{rest}`. Other text is kept.
 */
export function templatePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      // Express 5 (path-to-regexp 8): a wildcard has a name, `*name`, also in an optional `{*name}`.
      if (/^(\*[\w$]+|\{\*[\w$]+\})$/.test(segment)) return `{${segment.replace(/[{}*]/g, "")}}`;
      if (segment.startsWith("<") && segment.endsWith(">"))
        return `{${segment.slice(1, -1).split(":").pop()}}`;
      if (segment.startsWith("{") && segment.endsWith("}")) return `{${segment.slice(1, -1).split(":")[0]}}`;
      return segment.includes(":") ? colonParams(segment) : segment;
    })
    .join("/");
}

/** One segment with `:name` parameters, each with its optional `(pattern)`, `{pattern}` and `?`. */
function colonParams(segment: string): string {
  let out = "";
  let i = 0;
  while (i < segment.length) {
    const ch = segment[i]!;
    // A colon not followed by a name is literal (`org.couchdb.user::name` is `…user:{name}`).
    if (ch === ":" && /[\w$]/.test(segment[i + 1] ?? "")) {
      let name = "";
      for (i++; i < segment.length && /[\w$]/.test(segment[i]!); i++) name += segment[i];
      i = skipPattern(segment, i);
      if (segment[i] === "?") i++;
      out += `{${name}}`;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** Past a parameter's `(…)` or `{…}` pattern (nested brackets counted), if one starts at `i`. */
function skipPattern(segment: string, i: number): number {
  const open = segment[i];
  if (open !== "(" && open !== "{") return i;
  const close = open === "(" ? ")" : "}";
  let depth = 0;
  for (let j = i; j < segment.length; j++) {
    if (segment[j] === open) depth++;
    else if (segment[j] === close && --depth === 0) return j + 1;
  }
  return segment.length;
}

/** The parameter names of a templated path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
}

/**
 * The paths an Express path string matches when it alternates: `/users|register|signup` →
 * `/users`, `/register`, `/signup` (path-to-regexp 0.1 passes `|` into the regex; the router is
 * relative, so each alternative is a path of its own), `/(en|fr)/about` → `/en/about`, `/fr/about`.
 * A parameter's pattern (`/:lang(en|fr)`) is one path: its alternatives are values, not routes.
 */
export function expandAlternations(path: string): string[] {
  const top = splitTopLevel(path).filter((p) => p !== "");
  if (top.length > 1) return top.flatMap((p) => expandAlternations(p.startsWith("/") ? p : `/${p}`));
  const group = /(^|[^\w$?])\(([\w\-/|.]*\|[\w\-/|.]*)\)(\??)/.exec(path);
  if (!group) return [path];
  const before = path.slice(0, group.index + group[1]!.length);
  const after = path.slice(group.index + group[0].length);
  const options = [...group[2]!.split("|"), ...(group[3] ? [""] : [])];
  return options.flatMap((o) => expandAlternations(`${before}${o}${after}`.replace(/\/\/+/g, "/")));
}

/**
 * Express 5's optional groups (path-to-regexp 8: "braces define parts of the path that are
 * optional", `/users{/:id}/delete`, `/:file{.:ext}`): the group's text kept without its braces,
 * so its parameters are the path's, as Express 4's optional `:id?` is written `{id}`, also right
 * after a parameter (`/:id{/:rev}`). A brace after a parameter's name holding no parameter is
 * that parameter's pattern (Hono's `:id{[0-9]+}`), and a group of one name (`{id}`) is a
 * parameter already: both are left as they are.
 */
export function openOptionalGroups(path: string): string {
  let out = path;
  for (let i = 0; i < 16; i++) {
    const next = out.replace(/\{([^{}]*)\}/g, (group: string, inner: string, at: number) =>
      /^[\w$]*$/.test(inner) || (/:[\w$]+$/.test(out.slice(0, at)) && !/[:*]/.test(inner)) ? group : inner,
    );
    if (next === out) return out;
    out = next;
  }
  return out;
}
