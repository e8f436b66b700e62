// The route and mount shapes Express, Koa and Hono share: `x.get(path, ...middlewares, handler)`
// and `x.use([path], ...routersOrMiddlewares)`.

import type { Action } from "./app-graph.js";
import { regexPathTemplates } from "./regex-path.js";
import { stringOf, type Value } from "./value.js";

/** A path argument: a string, or a list of strings (Express and Koa accept both). */
export const isPath = (v: Value | undefined): v is Value =>
  v !== undefined &&
  (stringOf(v) !== undefined ||
    (v.k === "arr" && v.items.length > 0 && v.items.every((i) => stringOf(i) !== undefined)));

/**
 * An expression that can only be a string, though its value is not known: a concatenation or
 * template (`${base}/api`), a choice or default between values (`c ? a : b`, `a || b`) of which
 * one is a string, or an environment variable (`process.env.BASE`).
 */
function isStringExpression(v: Value): boolean {
  if (v.k === "cat") return true;
  if (v.k === "or") return v.options.some((o) => o.k === "str" || isStringExpression(o));
  return (
    v.k === "get" &&
    v.of.k === "get" &&
    v.of.of.k === "id" &&
    v.of.of.name === "process" &&
    stringOf(v.of.prop) === "env"
  );
}

/** Each path of a path argument; a regular expression as the templates it stands for. */
const pathsOf = (v: Value): Value[] =>
  (v.k === "arr" ? v.items : [v]).flatMap((p) =>
    p.k === "str" && p.re !== undefined
      ? regexPathTemplates(p.v).map((t): Value => ({ k: "str", v: t }))
      : [p],
  );

/**
 * The methods of a route for any method (Express `app.all`, koa-router `router.all`, Hono
 * `app.all`): the ones a client calls it with. HEAD and OPTIONS are left out: the frameworks
 * answer them for every route, as they do for a route of one method.
 */
export const ANY_METHOD: Value = {
  k: "arr",
  items: ["get", "post", "put", "patch", "delete"].map((v): Value => ({ k: "str", v })),
};

/** One route per path; the last handler handles, the ones before are middleware. */
export function routeActions(method: Value, path: Value, handlers: readonly Value[]): Action[] {
  if (handlers.length === 0) return [];
  return pathsOf(path).map((p) => ({
    kind: "route",
    method,
    path: p,
    handler: handlers[handlers.length - 1]!,
    middlewares: handlers.slice(0, -1),
  }));
}

/**
 * `use([path], ...children)`: each child is mounted under the path (routers become children;
 * plain middleware mounts nothing). Without a path, a child may also guard the whole instance
 * (`router.use(requireAuth)`); `guardWithPath` makes a path-scoped one count too.
 */
export function useActions(args: readonly Value[], guardWithPath = false): Action[] {
  // `app.use(process.env.BASE, router)`: a path whose value the scan cannot know is still the
  // path (a string is never a middleware), so what follows it is mounted under an unknown prefix.
  const unknownPath = !isPath(args[0]) && args.length >= 2 && isStringExpression(args[0]!);
  const hasPath = isPath(args[0]) || unknownPath;
  const prefixes = unknownPath ? [args[0]!] : hasPath ? pathsOf(args[0]!) : [{ k: "str", v: "" } as Value];
  const children = hasPath ? args.slice(1) : args;
  return prefixes.flatMap((prefix) =>
    children.flatMap((child, i): Action[] => [
      { kind: "mount", prefix, child },
      ...(!hasPath || guardWithPath ? [{ kind: "guard", middleware: child } as Action] : []),
      // `app.use("/x", requireAuth, router)`: what comes before a router runs before its routes.
      ...children.slice(0, i).map((middleware): Action => ({ kind: "guard", middleware, child })),
    ]),
  );
}
