// Koa with @koa/router (or koa-router): `new Router({ prefix })`, `router.prefix("/x")`, named
// routes (`router.get("name", "/path", …)`), nested routers (`router.use("/x", child.routes())`)
// and `app.use(router.routes())`.

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { appScanner } from "../js/js-scanner.js";
import { packageMember } from "../js/program.js";
import { describeValidators } from "../js/validator-middleware.js";
import { propOf, stringOf, type Value } from "../js/value.js";

const ROUTERS = new Set(["@koa/router", "koa-router"]);
const isPath = (v: Value | undefined) =>
  v !== undefined &&
  (stringOf(v) !== undefined ||
    (v.k === "arr" && v.items.length > 0 && v.items.every((i) => stringOf(i) !== undefined)));

export const koaScanner = appScanner({
  name: "koa",
  creates(call) {
    const from = packageMember(call.fn);
    if (!from) return undefined;
    if (from.from === "koa" && ["default", "Koa"].includes(from.name)) return {};
    if (ROUTERS.has(from.from) && ["default", "Router"].includes(from.name)) {
      const prefix = propOf(call.args[0], "prefix");
      return prefix ? { prefix } : {};
    }
    return undefined;
  },
  passthrough: new Set(["routes", "middleware", "allowedMethods", "param", "use", "all", "redirect"]),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) || method === "del") {
      // router.get("user", "/users/:id", …): the first string is the route's name.
      const named = isPath(args[0]) && isPath(args[1]);
      const rest = named ? args.slice(1) : args;
      if (!isPath(rest[0]) || rest.length < 2) return [];
      const paths = rest[0]!.k === "arr" ? rest[0]!.items : [rest[0]!];
      const handlers = rest.slice(1);
      return paths.map((path) => ({
        kind: "route",
        method: { k: "str", v: method === "del" ? "delete" : method },
        path,
        handler: handlers[handlers.length - 1]!,
        middlewares: handlers.slice(0, -1),
      }));
    }
    if (method === "use") {
      const hasPath = isPath(args[0]);
      const prefixes = hasPath
        ? args[0]!.k === "arr"
          ? args[0]!.items
          : [args[0]!]
        : [{ k: "str", v: "" } as Value];
      const rest = hasPath ? args.slice(1) : args;
      return prefixes.flatMap((prefix) =>
        rest.flatMap((child): Action[] => [
          { kind: "mount", prefix, child },
          { kind: "guard", middleware: child },
        ]),
      );
    }
    if (method === "prefix" && args[0]) return [{ kind: "prefix", prefix: args[0] }];
    return [];
  },
  describe: describeValidators,
});
