// Express: `express()`, `express.Router()`/`Router()`, `app.use("/prefix", router)` across files,
// `router.route("/x").get(…).post(…)`, routes registered in loops, auth middleware by name.

import { type Action, HTTP_METHODS } from "../js/app-graph.js";
import { appScanner } from "../js/js-scanner.js";
import { packageMember } from "../js/program.js";
import { describeValidators } from "../js/validator-middleware.js";
import { stringOf, type Value } from "../js/value.js";

const isPath = (v: Value | undefined) =>
  v !== undefined &&
  (stringOf(v) !== undefined || (v.k === "arr" && v.items.every((i) => stringOf(i) !== undefined)));

export const expressScanner = appScanner({
  name: "express",
  creates(call) {
    const from = packageMember(call.fn);
    if (call.fn.k === "import" && call.fn.from === "express" && call.fn.name === "default") return {};
    if (from?.from === "express" && from.name === "Router") return {};
    return undefined;
  },
  passthrough: new Set(["all", "use", "param"]),
  derives: (method, args) => (method === "route" && args.length === 1 ? args[0] : undefined),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) && args.length >= 2 && isPath(args[0])) {
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
    // router.route("/x").get(handler): the path is the derived instance's prefix.
    if (HTTP_METHODS.has(method) && args.length >= 1 && !isPath(args[0])) {
      return [
        {
          kind: "route",
          method: { k: "str", v: method },
          path: { k: "str", v: "" },
          handler: args[args.length - 1]!,
          middlewares: args.slice(0, -1),
        },
      ];
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
          ...(hasPath ? [] : [{ kind: "guard", middleware: child } as Action]),
        ]),
      );
    }
    return [];
  },
  describe: describeValidators,
});
