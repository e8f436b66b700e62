// Starlette's routing objects (starlette.io "Routing"), which FastAPI serves too: `Route(path,
// endpoint, methods=…)`, `Mount(path, routes=…|app=…)`, the `routes=` list an application or
// router is built with, and `add_route`. A path or prefix the scan cannot know is kept as a
// marker, so that every route under it is left out rather than listed at a guessed path.

import type { HttpMethod } from "../../types.js";
import type { CallSite } from "./py-evaluator.js";
import { asMethod, type PyRoute, type RouteTable } from "./py-routes.js";
import { stringList } from "./py-scanner-kit.js";
import type { PyValue } from "./py-values.js";

/** Stands for a path part the scan cannot know; a route whose path holds it is left out. */
export const UNKNOWN_PART = "\u0000";

/** An absent argument is the framework's default (""); one the scan cannot fold is unknown. */
export function pathPart(value: PyValue | undefined): string {
  if (value === undefined || value.t === "none") return "";
  if (value.t === "str") return value.v;
  return UNKNOWN_PART;
}

/** The routes made from Starlette's objects: their endpoints take the request, not parameters. */
export const starletteRoutes = new WeakSet<PyRoute>();

interface RouteObject {
  path: string;
  endpoint: PyValue;
  methods: PyValue | undefined;
  site: CallSite;
}

interface MountObject {
  path: string;
  child: RouteTable | undefined;
}

const ROUTE = "starlette.route";
const MOUNT = "starlette.mount";

/**
 * The value of a call of Starlette's `Route`/`APIRoute`/`Mount` (a routing object for a list),
 * or undefined. `makeTable` gives the table of a Mount's own `routes=`.
 */
export function routingObject(
  name: string | undefined,
  site: CallSite,
  tableOf: (v: PyValue | undefined) => RouteTable | undefined,
  makeTable: (routes: PyValue | undefined) => RouteTable,
): PyValue | undefined {
  if (name === "Route" || name === "APIRoute") {
    const data: RouteObject = {
      path: pathPart(site.args[0] ?? site.kw.path ?? { t: "unknown" }),
      endpoint: site.args[1] ?? site.kw.endpoint ?? { t: "unknown" },
      methods: site.kw.methods,
      site,
    };
    return { t: "obj", kind: ROUTE, data };
  }
  if (name === "Mount") {
    const app = site.args[1] ?? site.kw.app;
    const child = site.kw.routes ? makeTable(site.kw.routes) : tableOf(app);
    const data: MountObject = { path: pathPart(site.args[0] ?? site.kw.path ?? { t: "unknown" }), child };
    return { t: "obj", kind: MOUNT, data };
  }
  return undefined;
}

/** Puts the Route and Mount objects of a `routes=` list into a table (others are not HTTP routes). */
export function addRoutingList(table: RouteTable, list: PyValue | undefined): void {
  if (list?.t !== "list") return;
  for (const item of list.items) {
    if (item.t !== "obj") continue;
    if (item.kind === ROUTE) {
      const { path, endpoint, methods, site } = item.data as RouteObject;
      addStarletteRoute(table, path, endpoint, methods, site);
    } else if (item.kind === MOUNT) {
      const { path, child } = item.data as MountObject;
      if (!child) continue;
      child.mounted = true;
      table.mounts.push({ child, prefix: path, extra: [] });
    }
  }
}

/** `Route(path, endpoint, methods)` or `add_route(path, endpoint, methods)` on a table. */
export function addStarletteRoute(
  table: RouteTable,
  path: string,
  endpoint: PyValue,
  methods: PyValue | undefined,
  site: CallSite,
): void {
  const route: PyRoute = {
    methods: endpointMethods(endpoint, methods),
    path,
    handler: endpoint,
    file: site.module.file,
    line: site.line,
    kw: site.expr.kw,
    kwValues: site.kw,
    decorators: [],
  };
  starletteRoutes.add(route);
  table.routes.push(route);
}

/**
 * The methods given; else an `HTTPEndpoint` class's verbs (the methods it defines), else GET as
 * Starlette's default for a function (an ASGI app answers any method: listed as GET, as a
 * Django function view is).
 */
function endpointMethods(endpoint: PyValue, methods: PyValue | undefined): HttpMethod[] {
  const given = stringList(methods)
    .map(asMethod)
    .filter((m): m is HttpMethod => m !== undefined);
  // Starlette answers HEAD for every GET route by itself: written beside GET it adds nothing.
  if (given.length > 0) return given.includes("GET") ? given.filter((m) => m !== "HEAD") : given;
  if (methods === undefined && endpoint.t === "class") {
    const verbs = endpoint.cls.body.flatMap((st) => (st.s === "def" ? [asMethod(st.fn.name)] : []));
    const own = verbs.filter((m): m is HttpMethod => m !== undefined);
    if (own.length > 0) return own.includes("GET") ? own.filter((m) => m !== "HEAD") : own;
  }
  return ["GET"];
}
