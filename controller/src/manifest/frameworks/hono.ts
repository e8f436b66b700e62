// Hono: `new Hono()`, `.basePath("/api")`, `app.route("/users", users)` across files, chained
// routes, `app.on(methods, path, …)`, and validators (`zValidator("json", Schema)`) for DTOs.

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { appScanner } from "../js/js-scanner.js";
import { packageMember } from "../js/program.js";
import { describeValidators } from "../js/validator-middleware.js";
import { stringOf, type Value } from "../js/value.js";

const HONO = new Set(["hono", "hono/tiny", "hono/quick", "@hono/zod-openapi"]);
const isPath = (v: Value | undefined) => v !== undefined && stringOf(v) !== undefined;

export const honoScanner = appScanner({
  name: "hono",
  creates(call) {
    const from = packageMember(call.fn);
    return from && HONO.has(from.from) && ["Hono", "OpenAPIHono"].includes(from.name) ? {} : undefined;
  },
  passthrough: new Set(["use", "route", "on", "all", "notFound", "onError", "doc"]),
  derives: (method, args) => (method === "basePath" ? args[0] : undefined),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) && isPath(args[0]) && args.length >= 2) {
      const handlers = args.slice(1);
      return [
        {
          kind: "route",
          method: { k: "str", v: method },
          path: args[0]!,
          handler: handlers[handlers.length - 1]!,
          middlewares: handlers.slice(0, -1),
        },
      ];
    }
    if (method === "on" && args.length >= 3) {
      const paths = args[1]!.k === "arr" ? args[1]!.items : [args[1]!];
      const handlers = args.slice(2);
      return paths.map((path) => ({
        kind: "route",
        method: args[0]!,
        path,
        handler: handlers[handlers.length - 1]!,
        middlewares: handlers.slice(0, -1),
      }));
    }
    if (method === "route" && args.length === 2)
      return [{ kind: "mount", prefix: args[0]!, child: args[1]! }];
    if (method === "use")
      return args.filter((a) => !isPath(a)).map((middleware) => ({ kind: "guard", middleware }));
    return [];
  },
  describe: describeValidators,
});
