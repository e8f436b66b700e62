// Django URL configuration: from `ROOT_URLCONF` down through `urlpatterns`, `path()` and
// `re_path()` (named groups become `{name}`), `include("app.urls")`, `include(router.urls)` and
// `include([...])`, each level adding its prefix. Views are what the patterns point at.

import type { PyProgram } from "./py-evaluator.js";
import type { PyValue } from "./py-values.js";

export interface DjangoPattern {
  route: string;
  regex: boolean;
  view: PyValue;
  file: string;
  line: number;
}

export interface UrlLeaf {
  /** The full route with `{name}` parameters, and each parameter's converter. */
  path: string;
  params: { name: string; converter?: string }[];
  view: PyValue;
  file: string;
  line: number;
}

/**
 * Walks the URL tree; `expandRouter` turns a DRF router's `urls`, or a library's URLconf handed
 * to `include()` (an external symbol), into leaves under a prefix.
 */
export function walkUrls(
  program: PyProgram,
  root: string,
  expandRouter: (router: PyValue, prefix: Prefix) => void,
  leaf: (leaf: UrlLeaf) => void,
  start: Prefix = { path: "", params: [] },
): void {
  const visit = (value: PyValue, prefix: Prefix, seen: Set<string>) => {
    if (value.t === "list") {
      for (const item of value.items) visit(item, prefix, seen);
      return;
    }
    if (value.t === "method" && value.name === "urls") return expandRouter(value.self, prefix);
    if (value.t === "obj" && value.kind === "django.include") {
      const target = includeTarget(value.data as PyValue);
      if (target.t === "str") {
        const module = program.findModule(target.v);
        if (module === undefined || seen.has(module)) return;
        visit(program.lookup(module, "urlpatterns"), prefix, new Set([...seen, module]));
        return;
      }
      // `include(api.urls)`: the URLconf module itself (Django's `include(module)`).
      if (target.t === "module") {
        if (seen.has(target.ref.module)) return;
        const inner = program.lookup(target.ref.module, "urlpatterns");
        visit(inner, prefix, new Set([...seen, target.ref.module]));
        return;
      }
      // `include(horizon.urls)`: a library's URLconf the caller knows how to expand.
      if (target.t === "external") return expandRouter(target, prefix);
      visit(target.t === "list" && target.items[0]?.t === "list" ? target.items[0] : target, prefix, seen);
      return;
    }
    if (value.t !== "obj" || value.kind !== "django.pattern") return;
    const pattern = value.data as DjangoPattern;
    const own = pattern.regex ? fromRegex(pattern.route) : fromPath(pattern.route);
    const next: Prefix = { path: prefix.path + own.path, params: [...prefix.params, ...own.params] };
    if (pattern.view.t === "obj" && pattern.view.kind === "django.include") {
      visit(pattern.view, next, seen);
      return;
    }
    leaf({
      path: `/${next.path}`,
      params: next.params,
      view: pattern.view,
      file: pattern.file,
      line: pattern.line,
    });
  };
  visit(program.lookup(root, "urlpatterns"), start, new Set([root]));
}

/** The prefix a pattern's own route adds (`path("plugins/", …)`, `re_path(r"^api/", …)`). */
export function routePrefix(pattern: Pick<DjangoPattern, "route" | "regex">): Prefix {
  return pattern.regex ? fromRegex(pattern.route) : fromPath(pattern.route);
}

/** The project modules a URLconf includes by name (`include("shop.urls")`), at any depth. */
export function includedModules(program: PyProgram, module: string): string[] {
  const out: string[] = [];
  const visit = (value: PyValue, depth: number) => {
    if (depth > 20) return;
    if (value.t === "list") for (const item of value.items) visit(item, depth + 1);
    else if (value.t === "obj" && value.kind === "django.pattern")
      visit((value.data as DjangoPattern).view, depth + 1);
    else if (value.t === "obj" && value.kind === "django.include") {
      const target = includeTarget(value.data as PyValue);
      const found =
        target.t === "str"
          ? program.findModule(target.v)
          : target.t === "module"
            ? target.ref.module
            : undefined;
      if (found !== undefined) out.push(found);
      else visit(target, depth + 1);
    }
  };
  visit(program.lookup(module, "urlpatterns"), 0);
  return out;
}

/**
 * What `include()` was handed, with its documented 2-tuple `(urlconf_module, app_name)` opened
 * when the first item is a module or its dotted name (Django's `include` reads a tuple's first
 * item as it reads a lone argument; a tuple of a pattern list is walked as a list).
 */
function includeTarget(arg: PyValue): PyValue {
  const first = arg.t === "list" ? arg.items[0] : undefined;
  return first?.t === "module" || first?.t === "str" ? first : arg;
}

export interface Prefix {
  /** Without the leading slash, as Django writes routes. */
  path: string;
  params: { name: string; converter?: string }[];
}

/** `posts/<slug:post_slug>/comments/` → `posts/{post_slug}/comments/`. */
function fromPath(route: string): Prefix {
  const params: Prefix["params"] = [];
  let path = "";
  for (let i = 0; i < route.length; i++) {
    const end = route[i] === "<" ? route.indexOf(">", i) : -1;
    if (end < 0) {
      path += route[i];
      continue;
    }
    const inner = route.slice(i + 1, end);
    const colon = inner.indexOf(":");
    const name = colon < 0 ? inner : inner.slice(colon + 1);
    params.push({ name, converter: colon < 0 ? undefined : inner.slice(0, colon) });
    path += `{${name}}`;
    i = end;
  }
  return { path, params };
}

/**
 * `^v1/tags/(?P<slug>[-\w]+)/?$` → `v1/tags/{slug}/` (the pattern's text, not source code): named
 * groups become `{name}`, unnamed ones `{arg1}`… (Django passes them positionally), an optional
 * slash `/?` becomes the slash and other optional parts are left out, `\.` is the dot.
 */
function fromRegex(regex: string): Prefix {
  const params: Prefix["params"] = [];
  let body = regex.startsWith("^") ? regex.slice(1) : regex;
  if (body.endsWith("$") && !body.endsWith("\\$")) body = body.slice(0, -1);
  let path = "";
  let unnamed = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch === "(") {
      const end = groupEnd(body, i);
      const optional = /^[?*]/.test(body.slice(end + 1));
      const group = body.slice(i + 1, end);
      if (group.startsWith("?P<")) {
        const name = group.slice(3, group.indexOf(">"));
        params.push({ name });
        path += `{${name}}`;
      } else if (group.startsWith("?:")) {
        if (!optional) path += fromRegex(group.slice(2)).path;
      } else if (!group.startsWith("?")) {
        const name = `arg${++unnamed}`;
        params.push({ name });
        path += `{${name}}`;
      }
      i = optional ? end + 1 : end;
    } else if (ch === "$") {
      break; // the end anchor: Django's `normalize` reads no further
    } else if (ch === "\\" && i + 1 < body.length) {
      path += body[i + 1];
      i++;
    } else if (body[i + 1] === "?" || body[i + 1] === "*") {
      // `x?` / `x*`: optional; a slash keeps its usual place at the end of a segment.
      if (ch === "/") path += "/";
      i++;
    } else if (ch !== "+") {
      path += ch;
    }
  }
  return { path, params };
}

/** The index of the `)` closing the group opened at `open`. */
function groupEnd(body: string, open: number): number {
  let depth = 0;
  for (let j = open; j < body.length; j++) {
    if (body[j] === "\\") j++;
    else if (body[j] === "[") j = body.indexOf("]", j + 1) < 0 ? body.length : body.indexOf("]", j + 1);
    else if (body[j] === "(") depth++;
    else if (body[j] === ")" && --depth === 0) return j;
  }
  return body.length - 1;
}
