// Hono: `new Hono()`, `.basePath("/api")`, `app.route("/users", users)` across files, chained
// routes, `app.on(methods, path, …)`, `app.all(path, …)` (every method), and validators
// (`zValidator("json", Schema)`) for DTOs.

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { HONO_READS } from "../js/handler-reads.js";
import { appScanner } from "../js/js-scanner.js";
import { packageMember } from "../js/program.js";
import { ANY_METHOD, isPath, routeActions } from "../js/route-actions.js";
import { describeValidators } from "../js/validator-middleware.js";

const HONO = new Set(["hono", "hono/tiny", "hono/quick", "@hono/zod-openapi"]);

export const honoScanner = appScanner({
  name: "hono",
  creates(call) {
    const from = packageMember(call.fn);
    return from && HONO.has(from.from) && ["Hono", "OpenAPIHono"].includes(from.name) ? {} : undefined;
  },
  reads: HONO_READS,
  packages: [...HONO],
  methods: new Set(["route", "on", "use", "basePath", "all"]),
  passthrough: new Set(["use", "route", "on", "all", "notFound", "onError", "doc"]),
  derives: (method, args) => (method === "basePath" ? args[0] : undefined),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) && isPath(args[0]) && args.length >= 2) {
      return routeActions({ k: "str", v: method }, args[0], args.slice(1));
    }
    if (method === "all" && isPath(args[0]) && args.length >= 2)
      return routeActions(ANY_METHOD, args[0], args.slice(1));
    // app.on(["PUT", "PATCH"], "/x", …): every method on every path.
    if (method === "on" && args.length >= 3) return routeActions(args[0]!, args[1]!, args.slice(2));
    if (method === "route" && args.length === 2)
      return [{ kind: "mount", prefix: args[0]!, child: args[1]! }];
    if (method === "use")
      return args.filter((a) => !isPath(a)).map((middleware) => ({ kind: "guard", middleware }));
    return [];
  },
  describe: describeValidators,
});
