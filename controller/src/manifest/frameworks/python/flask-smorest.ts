// flask-smorest: `Api(app)` or `Api()` + `api.init_app(app)`, and `api.register_blueprint(blp,
// **options)`, which registers the blueprint on the Api's app as Flask's `register_blueprint`
// does (its `url_prefix` replaces the blueprint's). Its `Blueprint` is Flask's, and
// `@blp.route(rule)` on a MethodView class is read by the Flask scanner.

import { boundTable, isExtensionApi, type TableOf } from "./flask-extension-api.js";
import type { CallSite } from "./py-evaluator.js";
import type { RouteTable } from "./py-routes.js";
import { asString, type PyValue } from "./py-values.js";

interface SmorestApi {
  owner: RouteTable | undefined;
  blueprints: { child: RouteTable; prefix: string | undefined }[];
}

export class SmorestTracker {
  private readonly apis: SmorestApi[] = [];

  /** The value of a flask-smorest Api call, or undefined for any other call. */
  call(callee: PyValue, site: CallSite, tableOf: TableOf): PyValue | undefined {
    if (isExtensionApi(callee, ["flask_smorest"])) {
      const api: SmorestApi = { owner: boundTable(site, tableOf), blueprints: [] };
      this.apis.push(api);
      return { t: "obj", kind: "flask.smorest", data: api };
    }
    if (callee.t !== "method" || callee.self.t !== "obj" || callee.self.kind !== "flask.smorest")
      return undefined;
    const api = callee.self.data as SmorestApi;
    if (callee.name === "init_app") {
      api.owner = boundTable(site, tableOf) ?? api.owner;
      return { t: "none" };
    }
    if (callee.name === "register_blueprint") {
      const child = tableOf(site.args[0] ?? site.kw.blp);
      if (child) api.blueprints.push({ child, prefix: asString(site.kw.url_prefix) });
      return { t: "none" };
    }
    return undefined;
  }

  /** Mounts each registered blueprint on its Api's app (once the app is known). */
  mountAll(): void {
    for (const { owner, blueprints } of this.apis) {
      if (!owner) continue;
      for (const { child, prefix } of blueprints) {
        child.mounted = true;
        owner.mounts.push({ child, prefix, extra: [] });
      }
    }
  }
}
