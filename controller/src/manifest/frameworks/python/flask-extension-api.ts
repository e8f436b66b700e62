// What the Flask extensions that wrap an app in an `Api` (Flask-RESTful, flask-restx,
// flask-smorest) share: the `Api` class of their module, and the app or blueprint it binds to,
// given to `Api(app)` or later to `api.init_app(app)`.

import type { CallSite } from "./py-evaluator.js";
import type { RouteTable } from "./py-routes.js";
import { externalName, type PyValue } from "./py-values.js";

/** The scanner's route table of a value (an app or blueprint), if it is one. */
export type TableOf = (value: PyValue | undefined) => RouteTable | undefined;

/** `Api(...)` of one of these modules (`flask_restful`, `flask_smorest`, …). */
export function isExtensionApi(callee: PyValue, modules: readonly string[]): boolean {
  return (
    callee.t === "external" &&
    modules.some((module) => callee.path.startsWith(module)) &&
    externalName(callee) === "Api"
  );
}

/** The table that `Api(app)` or `api.init_app(app)` binds the Api to. */
export function boundTable(site: CallSite, tableOf: TableOf): RouteTable | undefined {
  return tableOf(site.args[0] ?? site.kw.app);
}
