// flask-restx (and flask-restplus): `Api(app, prefix=)`, `Namespace(name, path=)` or
// `api.namespace(...)`, `api.add_namespace(ns, path=)`, `@ns.route("/x")` on Resource classes
// and `api.add_resource(Resource, *urls)` / `ns.add_resource(...)`. The routes join the app or
// blueprint the Api was given, or later bound to by `api.init_app(app)`, under its prefix.

import { boundTable, isExtensionApi, type TableOf } from "./flask-extension-api.js";
import type { CallSite } from "./py-evaluator.js";
import { joinRule, type RouteTable } from "./py-routes.js";
import { asString, type ClassValue, externalName, type FuncValue, type PyValue } from "./py-values.js";

interface Resource {
  url: string;
  cls: ClassValue;
  file: string;
  line: number;
}

interface RestxNamespace {
  path: string;
  resources: Resource[];
}

interface RestxApi {
  owner: RouteTable | undefined;
  prefix: string;
  mounts: { ns: RestxNamespace; path: string | undefined }[];
  /** `@api.route(...)` without a namespace. */
  root: RestxNamespace;
}

interface RouteDecorator {
  ns: RestxNamespace;
  urls: string[];
  site: CallSite;
}

const RESTX_MODULES = ["flask_restx", "flask_restplus"];
const isRestx = (callee: PyValue) =>
  callee.t === "external" && RESTX_MODULES.some((module) => callee.path.startsWith(module));

export class RestxTracker {
  private readonly apis: RestxApi[] = [];

  /** The value of a flask-restx call, or undefined for any other call. */
  call(callee: PyValue, site: CallSite, tableOf: TableOf): PyValue | undefined {
    const name = externalName(callee);
    if (isExtensionApi(callee, RESTX_MODULES)) {
      const api: RestxApi = {
        owner: boundTable(site, tableOf),
        prefix: asString(site.kw.prefix) ?? "",
        mounts: [],
        root: { path: "", resources: [] },
      };
      api.mounts.push({ ns: api.root, path: undefined });
      this.apis.push(api);
      return { t: "obj", kind: "restx.api", data: api };
    }
    if (isRestx(callee) && name === "Namespace") return namespaceOf(site);
    if (callee.t !== "method" || callee.self.t !== "obj") return undefined;
    const self = callee.self;
    if (self.kind === "restx.api" && callee.name === "namespace") {
      const ns = namespaceOf(site);
      (self.data as RestxApi).mounts.push({ ns: ns.data as RestxNamespace, path: undefined });
      return ns;
    }
    if (self.kind === "restx.api" && callee.name === "add_namespace") {
      const ns = site.args[0];
      if (ns?.t === "obj" && ns.kind === "restx.namespace") {
        (self.data as RestxApi).mounts.push({
          ns: ns.data as RestxNamespace,
          path: asString(site.args[1] ?? site.kw.path),
        });
      }
      return { t: "none" };
    }
    if (self.kind === "restx.api" && callee.name === "init_app") {
      const api = self.data as RestxApi;
      api.owner = boundTable(site, tableOf) ?? api.owner;
      return { t: "none" };
    }
    if ((self.kind === "restx.api" || self.kind === "restx.namespace") && callee.name === "add_resource") {
      const ns = self.kind === "restx.api" ? (self.data as RestxApi).root : (self.data as RestxNamespace);
      const cls = site.args[0];
      if (cls?.t === "class") {
        for (const url of site.args.slice(1).map(asString)) {
          if (url !== undefined) ns.resources.push({ url, cls, file: site.module.file, line: site.line });
        }
      }
      return { t: "none" };
    }
    if ((self.kind === "restx.api" || self.kind === "restx.namespace") && callee.name === "route") {
      const ns = self.kind === "restx.api" ? (self.data as RestxApi).root : (self.data as RestxNamespace);
      const urls = site.args.map(asString).filter((u): u is string => u !== undefined);
      const decorator: RouteDecorator = { ns, urls, site };
      return { t: "obj", kind: "restx.route", data: decorator };
    }
    return undefined;
  }

  decorate(decorator: PyValue, target: FuncValue | ClassValue, line: number): void {
    if (decorator.t !== "obj" || decorator.kind !== "restx.route" || target.t !== "class") return;
    const { ns, urls, site } = decorator.data as RouteDecorator;
    for (const url of urls) ns.resources.push({ url, cls: target, file: site.module.file, line });
  }

  /** Every resource with the table it joins and its path under that table. */
  *resources(): Generator<{ owner: RouteTable; path: string; resource: Resource }> {
    for (const api of this.apis) {
      if (!api.owner) continue;
      for (const { ns, path } of api.mounts) {
        for (const resource of ns.resources) {
          yield {
            owner: api.owner,
            path: joinRule(joinRule(api.prefix, path ?? ns.path), resource.url),
            resource,
          };
        }
      }
    }
  }
}

function namespaceOf(site: CallSite): { t: "obj"; kind: string; data: unknown } {
  const name = asString(site.args[0] ?? site.kw.name) ?? "";
  const ns: RestxNamespace = { path: asString(site.kw.path) ?? `/${name}`, resources: [] };
  return { t: "obj", kind: "restx.namespace", data: ns };
}
