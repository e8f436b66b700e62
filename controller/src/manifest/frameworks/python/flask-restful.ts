// Flask-RESTful: `Api(app_or_blueprint, prefix=)`, `api.add_resource(Resource, *urls)`, the
// `@api.resource(*urls)` class decorator, and `Api()` bound later by `api.init_app(app)` (its
// factory pattern: the resources added before `init_app` are registered by it). The routes join
// the app or blueprint the Api is bound to, under the Api's prefix.

import { boundTable, isExtensionApi, type TableOf } from "./flask-extension-api.js";
import type { CallSite } from "./py-evaluator.js";
import { joinRule, type RouteTable } from "./py-routes.js";
import { asString, type ClassValue, type FuncValue, type PyValue } from "./py-values.js";

interface RestfulResource {
  url: string;
  cls: ClassValue;
  site: CallSite;
  line: number;
}

interface RestfulApi {
  /** The app or blueprint the Api is bound to (by `Api(x)` or `init_app(x)`). */
  owner: RouteTable | undefined;
  prefix: string;
  resources: RestfulResource[];
}

interface ResourceDecorator {
  api: RestfulApi;
  urls: string[];
  site: CallSite;
}

const urlsOf = (args: PyValue[]) => args.map(asString).filter((u): u is string => u !== undefined);

export class RestfulTracker {
  private readonly apis: RestfulApi[] = [];

  /** The value of a Flask-RESTful call, or undefined for any other call. */
  call(callee: PyValue, site: CallSite, tableOf: TableOf): PyValue | undefined {
    if (isExtensionApi(callee, ["flask_restful"])) {
      const api: RestfulApi = {
        owner: boundTable(site, tableOf),
        prefix: asString(site.kw.prefix) ?? "",
        resources: [],
      };
      this.apis.push(api);
      return { t: "obj", kind: "flask.restful", data: api };
    }
    if (callee.t !== "method" || callee.self.t !== "obj" || callee.self.kind !== "flask.restful")
      return undefined;
    const api = callee.self.data as RestfulApi;
    if (callee.name === "add_resource") {
      const cls = site.args[0];
      if (cls?.t === "class") {
        for (const url of urlsOf(site.args.slice(1))) api.resources.push({ url, cls, site, line: site.line });
      }
      return { t: "none" };
    }
    if (callee.name === "resource") {
      const decorator: ResourceDecorator = { api, urls: urlsOf(site.args), site };
      return { t: "obj", kind: "flask.restful.resource", data: decorator };
    }
    if (callee.name === "init_app") {
      api.owner = boundTable(site, tableOf) ?? api.owner;
      return { t: "none" };
    }
    return undefined;
  }

  decorate(decorator: PyValue, target: FuncValue | ClassValue, line: number): void {
    if (decorator.t !== "obj" || decorator.kind !== "flask.restful.resource" || target.t !== "class") return;
    const { api, urls, site } = decorator.data as ResourceDecorator;
    for (const url of urls) api.resources.push({ url, cls: target, site, line });
  }

  /** Every resource of a bound Api, with the table it joins and its rule under that table. */
  *resources(): Generator<{ owner: RouteTable; rule: string; resource: RestfulResource }> {
    for (const api of this.apis) {
      if (!api.owner) continue;
      for (const resource of api.resources) {
        yield { owner: api.owner, rule: joinRule(api.prefix, resource.url), resource };
      }
    }
  }
}
