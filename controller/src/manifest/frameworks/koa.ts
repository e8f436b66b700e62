// Koa with @koa/router (or koa-router): `new Router({ prefix })`, `router.prefix("/x")`, named
// routes (`router.get("name", "/path", …)`), `router.all` (every method), nested routers
// (`router.use("/x", child.routes())`) and `app.use(router.routes())`.

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { KOA_READS } from "../js/handler-reads.js";
import { appScanner } from "../js/js-scanner.js";
import { packageMember } from "../js/program.js";
import { ANY_METHOD, isPath, routeActions, useActions } from "../js/route-actions.js";
import { describeValidators } from "../js/validator-middleware.js";
import { propOf, type Value } from "../js/value.js";

const ROUTERS = new Set(["@koa/router", "koa-router"]);

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
  reads: KOA_READS,
  packages: ["koa", "@koa/router", "koa-router"],
  methods: new Set(["use", "prefix", "del", "all"]),
  passthrough: new Set(["routes", "middleware", "allowedMethods", "param", "use", "all", "redirect"]),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) || method === "del" || method === "all") {
      // router.get("user", "/users/:id", …): the first string is the route's name.
      const rest = isPath(args[0]) && isPath(args[1]) ? args.slice(1) : args;
      if (!isPath(rest[0]) || rest.length < 2) return [];
      const verb: Value =
        method === "all" ? ANY_METHOD : { k: "str", v: method === "del" ? "delete" : method };
      return routeActions(verb, rest[0], rest.slice(1));
    }
    // Koa middleware runs for every route below it, path or not.
    if (method === "use") return useActions(args, true);
    if (method === "prefix" && args[0]) return [{ kind: "prefix", prefix: args[0] }];
    return [];
  },
  describe: describeValidators,
});
