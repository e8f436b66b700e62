// Shared by the Python web frameworks: route tables with prefixes, mounted into each other
// (FastAPI routers, Flask blueprints), joined into full paths from the apps down.

import type { HttpMethod } from "../../types.js";
import type { PyExpr } from "./py-facts.js";
import type { PyValue } from "./py-values.js";

export interface PyRoute {
  methods: HttpMethod[];
  path: string;
  /** The view: a function, `View.as_view(...)`, or a value a factory returned. */
  handler: PyValue;
  file: string;
  line: number;
  /** Keyword arguments of the route declaration, unevaluated (response_model, status_code...). */
  kw: Record<string, PyExpr>;
  /** Evaluated keyword arguments, for values that came from variables. */
  kwValues: Record<string, PyValue>;
  /** Decorators of the handler function (auth decorators such as `login_required`). */
  decorators: PyValue[];
}

export interface PyMount {
  child: RouteTable;
  /** The prefix given at the mount (`include_router(prefix=)`, `register_blueprint(url_prefix=)`). */
  prefix: string | undefined;
  /** Dependencies added at the mount (FastAPI `dependencies=[...]`). */
  extra: PyValue[];
}

export interface RouteTable {
  prefix: string;
  routes: PyRoute[];
  mounts: PyMount[];
  extra: PyValue[];
  mounted: boolean;
}

export function newTable(prefix: string, extra: PyValue[] = []): RouteTable {
  return { prefix, routes: [], mounts: [], extra, mounted: false };
}

export interface PlacedRoute {
  route: PyRoute;
  path: string;
  extra: PyValue[];
}

/**
 * Every route with its full path: from each table nobody mounts (an app, or a router whose app
 * the scan did not see) down through the mounts. `prefixOf(mountPrefix, table, outer)` decides how
 * prefixes combine and `joinRoute(prefix, path)` how a route's path joins them, both by framework.
 */
export function placeRoutes(
  tables: readonly RouteTable[],
  prefixOf: (mountPrefix: string | undefined, table: RouteTable, outer: string) => string,
  joinRoute: (prefix: string, path: string) => string,
): PlacedRoute[] {
  const out: PlacedRoute[] = [];
  const visit = (table: RouteTable, prefix: string, extra: PyValue[], stack: Set<RouteTable>) => {
    if (stack.has(table)) return;
    stack.add(table);
    const ownExtra = [...extra, ...table.extra];
    for (const route of table.routes)
      out.push({ route, path: joinRoute(prefix, route.path), extra: ownExtra });
    for (const mount of table.mounts) {
      visit(mount.child, prefixOf(mount.prefix, mount.child, prefix), [...ownExtra, ...mount.extra], stack);
    }
    stack.delete(table);
  };
  for (const table of tables) {
    // A table nobody mounts is a root (an app, or a router whose app the scan did not see); a
    // mounted one (FastAPI sub-application, blueprint) is reached through its mounts only.
    if (!table.mounted) visit(table, prefixOf(undefined, table, ""), [], new Set());
  }
  return out;
}

/** A route's rule under a prefix, one slash between them (Flask's rule joining; flask-restx's too). */
export function joinRule(prefix: string, rule: string): string {
  if (!prefix) return rule;
  return rule ? `${prefix.replace(/\/+$/, "")}/${rule.replace(/^\/+/, "")}` : prefix;
}

/** `<int:id>` (Flask), `<slug:post_slug>` (Django), `{id:int}` (Starlette) → `{id}` plus the converter. */
export function templateParams(path: string): {
  path: string;
  params: { name: string; converter?: string }[];
} {
  const params: { name: string; converter?: string }[] = [];
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const open = path[i];
    const close = open === "<" ? ">" : open === "{" ? "}" : undefined;
    const end = close ? path.indexOf(close, i) : -1;
    if (!close || end < 0) {
      out += open;
      continue;
    }
    const inner = path.slice(i + 1, end);
    const colon = inner.indexOf(":");
    // Flask and Django put the converter first; Starlette after the name.
    const [name, converter] =
      colon < 0
        ? [inner, undefined]
        : open === "<"
          ? [inner.slice(colon + 1), inner.slice(0, colon)]
          : [inner.slice(0, colon), inner.slice(colon + 1)];
    params.push({ name, converter });
    out += `{${name}}`;
    i = end;
  }
  return { path: out, params };
}

/** Converter names of Flask, Django and Starlette in the manifest's types. */
export function converterType(converter: string | undefined): { type: string; format?: string } {
  switch (converter) {
    case "int":
      return { type: "integer" };
    case "float":
      return { type: "number" };
    case "uuid":
      return { type: "string", format: "uuid" };
    default:
      return { type: "string" };
  }
}

export const HTTP_METHODS: readonly HttpMethod[] = [
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
];

export function asMethod(name: string): HttpMethod | undefined {
  const upper = name.toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(upper) ? (upper as HttpMethod) : undefined;
}
