// Express: `express()`, `express.Router()`/`Router()`, `app.use("/prefix", router)` across files,
// `router.route("/x").get(…).post(…)`, routes registered in loops, auth middleware by name,
// path arrays and `a|b` alternations (one endpoint per path).

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { REQUEST_READS } from "../js/handler-reads.js";
import { appScanner } from "../js/js-scanner.js";
import { expandAlternations } from "../js/paths.js";
import { packageMember } from "../js/program.js";
import { isPath, routeActions, useActions } from "../js/route-actions.js";
import { describeValidators } from "../js/validator-middleware.js";

export const expressScanner = appScanner({
  name: "express",
  creates(call) {
    const from = packageMember(call.fn);
    if (call.fn.k === "import" && call.fn.from === "express" && call.fn.name === "default") return {};
    if (from?.from === "express" && from.name === "Router") return {};
    return undefined;
  },
  reads: REQUEST_READS,
  typedHandlers: true,
  packages: ["express"],
  methods: new Set(["use", "route", "all"]),
  passthrough: new Set(["all", "use", "param"]),
  derives: (method, args) => (method === "route" && args.length === 1 ? args[0] : undefined),
  actions(method, args): Action[] {
    const verb = { k: "str", v: method } as const;
    if (HTTP_METHODS.has(method) && args.length >= 2 && isPath(args[0]))
      return routeActions(verb, args[0], args.slice(1));
    // router.route("/x").get(handler): the path is the derived instance's prefix.
    if (HTTP_METHODS.has(method) && args.length >= 1 && !isPath(args[0]))
      return routeActions(verb, { k: "str", v: "" }, args);
    if (method === "use") return useActions(args);
    return [];
  },
  describe: describeValidators,
  expandPath: expandAlternations,
});
