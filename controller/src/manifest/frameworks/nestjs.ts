// NestJS: `@Controller(prefix)` classes with `@Get(":id")`-style methods, routes inherited from
// base classes, `app.setGlobalPrefix(…)` (also from config), URI versioning, RouterModule paths,
// parameter decorators (@Param, @Query, @Body, @Headers with pipes) and guards. The parts:
// nest/nest-app-settings.ts (prefixes), nest/nest-controllers.ts (methods, guards),
// nest/nest-operation.ts (parameters, status, words), nest/nest-adapter-routes.ts (routes on
// `app.getHttpAdapter()`).

import { DeclaredTypes } from "../js/declared-types.js";
import { jsScanner } from "../js/js-scanner.js";
import type { DecoratorFact, JsModule } from "../js/module-facts.js";
import { joinPaths, pathParams, templatePath } from "../js/paths.js";
import { JsProgram, outsideModules } from "../js/program.js";
import { propOf, stringOf, type Value } from "../js/value.js";
import type { FileFacts, LinkContext, ScanContribution } from "../scanner.js";
import type { Endpoint, HttpMethod, Param } from "../types.js";
import { adapterRoutes } from "./nest/nest-adapter-routes.js";
import { type NestAppSettings, readAppSettings } from "./nest/nest-app-settings.js";
import {
  classAuth,
  guardedBy,
  type Located,
  type RouteMethod,
  routeMethods,
} from "./nest/nest-controllers.js";
import { describeOperation, describeParams, statusOf } from "./nest/nest-operation.js";

// `@All()` answers every method (Nest's docs, Controllers): listed once per method a client calls
// it with, as Express's `app.all` is (js/route-actions.ts ANY_METHOD); HEAD and OPTIONS are
// answered for every route anyway.
const ROUTE_DECORATORS: Record<string, readonly HttpMethod[]> = {
  Get: ["GET"],
  Post: ["POST"],
  Put: ["PUT"],
  Patch: ["PATCH"],
  Delete: ["DELETE"],
  Head: ["HEAD"],
  Options: ["OPTIONS"],
  All: ["GET", "POST", "PUT", "PATCH", "DELETE"],
};

/** What every endpoint of one link needs. */
interface NestLink {
  program: JsProgram;
  declared: DeclaredTypes;
  settings: NestAppSettings;
}

export const nestjsScanner = jsScanner("nestjs", (files, ctx) => nestEndpoints(files, ctx), "framework", [
  "@nestjs/common",
  "@nestjs/core",
]);

function nestEndpoints(files: readonly FileFacts<JsModule>[], ctx: LinkContext): ScanContribution {
  const program = new JsProgram(files, outsideModules(ctx));
  const link: NestLink = {
    program,
    declared: new DeclaredTypes(program),
    settings: readAppSettings(program, files),
  };
  const endpoints: Endpoint[] = [];
  for (const c of program.allClasses()) {
    const ctrl = c.fact.decorators.find((d) => d.name === "Controller");
    if (ctrl) endpoints.push(...controllerEndpoints(link, c, ctrl));
  }
  endpoints.push(...adapterRoutes(program, files));
  return { endpoints, dtos: [], types: [] };
}

/** A path argument: a string, an array of strings, or `{ path }` options; "" when absent. */
function pathsOf(program: JsProgram, v: Value | undefined, file: string): string[] {
  const r = v && program.resolve(v, file);
  if (!r) return [""];
  if (r.k === "arr") return r.items.map((i) => stringOf(i) ?? "");
  return [stringOf(r) ?? stringOf(propOf(r, "path")) ?? ""];
}

function controllerEndpoints(link: NestLink, c: Located, ctrl: DecoratorFact): Endpoint[] {
  const { program } = link;
  const ctrlOpts = ctrl.args[0] && program.resolve(ctrl.args[0], c.file);
  const ctrlVersion = stringOf(propOf(ctrlOpts, "version"));
  const auth = classAuth(program, c);
  const endpoints: Endpoint[] = [];
  for (const route of routeMethods(program, c)) {
    for (const d of route.member.decorators) {
      const methods = ROUTE_DECORATORS[d.name];
      if (!methods) continue;
      const prefix = routePrefix(link, c, route, ctrlVersion);
      for (const ctrlPath of pathsOf(program, ctrl.args[0], c.file)) {
        for (const routePath of d.args[0] ? pathsOf(program, d.args[0], route.owner.file) : [""]) {
          const path = templatePath(joinPaths(prefix, ctrlPath, routePath));
          for (const method of methods) endpoints.push(endpointOf(link, c, route, method, path, auth));
        }
      }
    }
  }
  return endpoints;
}

/** Global prefix, URI version and RouterModule path, before the controller's own path. */
function routePrefix(
  link: NestLink,
  c: Located,
  route: RouteMethod,
  ctrlVersion: string | undefined,
): string {
  const { versioning, globalPrefix, routerPaths } = link.settings;
  const version =
    stringOf(route.member.decorators.find((x) => x.name === "Version")?.args[0]) ??
    ctrlVersion ??
    versioning?.defaultVersion;
  const versionPrefix = versioning && version ? `${versioning.prefix}${version}` : "";
  return joinPaths(globalPrefix, versionPrefix, routerPaths.get(c.fact.name) ?? "");
}

function endpointOf(
  link: NestLink,
  c: Located,
  { owner, member }: RouteMethod,
  method: HttpMethod,
  path: string,
  classAuth: boolean | undefined,
): Endpoint {
  const { program } = link;
  const e: Endpoint = {
    id: `${method} ${path}`,
    method,
    path,
    handler: `${c.fact.name}.${member.name}`,
    file: owner.file,
    line: member.line,
    params: pathParams(path).map((name): Param => ({ name, in: "path", type: "string", required: true })),
    responses: [],
  };
  describeParams(program, link.declared, e, member, owner.file);
  describeOperation(program, e, member, owner.file);
  const status = statusOf(program, member.decorators.find((x) => x.name === "HttpCode")?.args[0], owner.file);
  const dto = member.type && !["unknown", "object"].includes(member.type) ? member.type : undefined;
  e.responses.push({ status: status ?? (method === "POST" ? 201 : 200), ...(dto ? { dto } : {}) });
  const auth = guardedBy(member.decorators) ?? classAuth;
  if (auth !== undefined) e.auth = auth;
  return e;
}
