// Express: `express()`, `express.Router()`/`Router()`, `app.use("/prefix", router)` across files,
// `router.route("/x").get(…).post(…)`, routes registered in loops, auth middleware by name,
// `app.all` (every method), path arrays and `a|b` alternations (one endpoint per path), Express
// 5's optional groups `{/:id}` (written as if present, as Express 4's `:id?` is); Babel's
// and TypeScript's compiled output (extract-module.ts); a project's router classes over Express
// (express-classes.ts).

import { type Action, HTTP_METHODS, isVerb } from "../js/app-graph.js";
import { REQUEST_READS } from "../js/handler-reads.js";
import { appScanner } from "../js/js-scanner.js";
import { expandAlternations, openOptionalGroups } from "../js/paths.js";
import { packageMember } from "../js/program.js";
import { ANY_METHOD, isPath, routeActions, useActions } from "../js/route-actions.js";
import { describeValidators } from "../js/validator-middleware.js";
import { wrapsExpress } from "./express-classes.js";

/** Shapes of a first argument that is a path built of unknown parts, never a handler. */
const UNKNOWN_PATHS = new Set(["cat", "or"]);

export const expressScanner = appScanner({
  name: "express",
  creates(call, program) {
    const from = packageMember(call.fn);
    if (from?.from === "express" && ["Router", "default", "*"].includes(from.name)) return {};
    // `new UsersRouter()` of a project's router class over Express (express-classes.ts).
    if (call.isNew && wrapsExpress(program.lineage(program.classOf(call.fn)), program)) return {};
    return undefined;
  },
  claims(node, program) {
    const self = /^global@(.*)#(this:[^#]*)$/.exec(node);
    return self ? wrapsExpress(program.lineage(program.classOfThis(self[2]!, self[1]!)), program) : false;
  },
  verbFirst: true,
  reads: REQUEST_READS,
  typedHandlers: true,
  packages: ["express"],
  methods: new Set(["use", "route", "all"]),
  // Methods that return the app or router they are called on (`app.disable("x-powered-by").get(…)`):
  // Express's `set` (with a value), `enable`, `disable` and `engine` return `this`, as `use` does.
  passthrough: new Set(["all", "use", "param", "set", "enable", "disable", "engine"]),
  derives: (method, args) => (method === "route" && args.length === 1 ? args[0] : undefined),
  actions(method, args): Action[] {
    const verb = { k: "str", v: method } as const;
    if (HTTP_METHODS.has(method) && args.length >= 2 && isPath(args[0]))
      return routeActions(verb, args[0], args.slice(1));
    if (method === "all" && args.length >= 2 && isPath(args[0]))
      return routeActions(ANY_METHOD, args[0], args.slice(1));
    // router.route("/x").get(handler): the path is the derived instance's prefix. A path the
    // scan cannot know (`${prefix}/${app.locals.name}`, `this.config.path || fallback()`) is no
    // handler.
    if (
      HTTP_METHODS.has(method) &&
      args.length >= 1 &&
      !UNKNOWN_PATHS.has(args[0]?.k ?? "") &&
      !isPath(args[0])
    )
      return routeActions(verb, { k: "str", v: "" }, args).map((a) => ({ ...a, derivedOnly: true }));
    if (method === "use") return useActions(args);
    // `this.route("GET", "/users/:id", handler)`: a project's router class, verb first.
    if (!HTTP_METHODS.has(method) && isVerb(args[0]) && args.length >= 3 && isPath(args[1]))
      return routeActions(args[0]!, args[1]!, args.slice(2));
    return [];
  },
  describe: describeValidators,
  // Express 5's optional groups (`/users{/:id}`) keep their text; Express 4's alternations expand.
  expandPath: (path) => expandAlternations(openOptionalGroups(path)),
});
