// Flask: `Flask()` apps and `Blueprint(url_prefix=...)`, `register_blueprint(bp, url_prefix=...)`
// (the registration's prefix replaces the blueprint's own; nested blueprints join), routes by
// `@bp.route(rule, methods=[...])`, `@bp.get`, `add_url_rule` (also in loops), class-based views
// (`MethodView.as_view`, methods and `decorators` inherited from base classes), `<int:id>`
// converters, `add_url_rule(rule, endpoint=)` bound by `@app.endpoint`, Flask-RESTful and
// flask-restx resources, query and header reads in the view's body, marshmallow schemas as DTOs.

import type { FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Constraints, Dto, Endpoint, EndpointResponse, HttpMethod, Param } from "../types.js";
import { EndpointBinder } from "./python/flask-endpoints.js";
import { RestfulTracker } from "./python/flask-restful.js";
import { RestxTracker } from "./python/flask-restx.js";
import { SmorestTracker } from "./python/flask-smorest.js";
import { MarshmallowSchemas } from "./python/marshmallow-schemas.js";
import { type CallSite, PyProgram } from "./python/py-evaluator.js";
import { nestedBodies, type PyBodyUse, type PyFunction, type PyModuleFacts } from "./python/py-facts.js";
import { literalValue } from "./python/py-literals.js";
import { PyModels } from "./python/py-models.js";
import {
  asMethod,
  converterType,
  HTTP_METHODS,
  joinRule,
  newTable,
  type PyRoute,
  placeRoutes,
  type RouteTable,
  templateParams,
} from "./python/py-routes.js";
import {
  extractPython,
  looksLikeAuth,
  PYTHON_FACTS_KEY,
  type PyFiles,
  sortEndpoints,
  statusCode,
  stringList,
} from "./python/py-scanner-kit.js";
import { asString, type ClassValue, externalName, type PyValue } from "./python/py-values.js";

export const flaskScanner: FrameworkScanner<PyModuleFacts> = {
  name: "flask",
  kind: "framework",
  languages: ["python"],
  version: 1,
  factsKey: PYTHON_FACTS_KEY,
  extract: extractPython,
  link: (files) => linkFlask(files),
};

interface FlaskTable extends RouteTable {
  /** A blueprint created without `url_prefix` has none (not even ""): Flask tells them apart. */
  hasPrefix: boolean;
}

/** A class-based view (`MethodView`, a Flask-RESTful or flask-restx `Resource`) as a route's view. */
const classView = (cls: ClassValue): PyValue => ({ t: "obj", kind: "flask.view", data: cls });

interface RouteDecorator {
  table: FlaskTable;
  methods: HttpMethod[] | undefined;
  site: CallSite;
}

const ROUTE_SHORTCUTS = ["get", "post", "put", "patch", "delete"];

function linkFlask(files: PyFiles): ScanContribution {
  if (!importsFlask(files)) return { endpoints: [], dtos: [], types: [] };
  const program = new PyProgram(files);
  const tables: FlaskTable[] = [];
  const tableOf = (v: PyValue | undefined) =>
    v?.t === "obj" && v.kind === "flask.table" ? (v.data as FlaskTable) : undefined;
  /** A route of `table`, declared at `where` (a call's file, line and keyword arguments). */
  const addRoute = (
    table: RouteTable,
    rule: string,
    methods: HttpMethod[] | undefined,
    handler: PyValue,
    where: RouteSite,
  ) => {
    table.routes.push({ methods: methods ?? [], path: rule, handler, ...where, decorators: [] });
  };
  const restx = new RestxTracker();
  const restful = new RestfulTracker();
  const boundEndpoints = new EndpointBinder();
  const smorest = new SmorestTracker();
  program.evaluateAll({
    call(callee, site) {
      const extension =
        restx.call(callee, site, tableOf) ??
        restful.call(callee, site, tableOf) ??
        smorest.call(callee, site, tableOf);
      if (extension) return extension;
      const name = externalName(callee);
      if (
        (name === "Flask" || name === "Blueprint") &&
        callee.t === "external" &&
        callee.path.startsWith("flask")
      ) {
        const prefix = asString(site.kw.url_prefix);
        const table: FlaskTable = {
          ...newTable(prefix ?? ""),
          hasPrefix: prefix !== undefined,
        };
        tables.push(table);
        return { t: "obj", kind: "flask.table", data: table };
      }
      if (callee.t !== "method") return undefined;
      if (callee.name === "as_view" && callee.self.t === "class") {
        return classView(callee.self);
      }
      const table = tableOf(callee.self);
      if (!table) return undefined;
      if (callee.name === "route" || ROUTE_SHORTCUTS.includes(callee.name)) {
        const methods = callee.name === "route" ? methodsOf(site.kw.methods) : [asMethod(callee.name)!];
        const decorator: RouteDecorator = { table, methods, site };
        return { t: "obj", kind: "flask.decorator", data: decorator };
      }
      if (callee.name === "add_url_rule") {
        const rule = asString(site.args[0] ?? site.kw.rule);
        const view = site.args[2] ?? site.kw.view_func;
        const endpoint = asString(site.args[1] ?? site.kw.endpoint);
        const methods = methodsOf(site.kw.methods);
        if (rule !== undefined && view) addRoute(table, rule, methods, view, declaredAt(site, site.line));
        else if (rule !== undefined && endpoint !== undefined)
          boundEndpoints.rule({ table, rule, endpoint, methods, site });
        return { t: "none" };
      }
      if (callee.name === "endpoint") {
        const endpoint = asString(site.args[0] ?? site.kw.endpoint);
        return endpoint === undefined ? undefined : boundEndpoints.decorator(table, endpoint);
      }
      if (callee.name === "register_blueprint") {
        const child = tableOf(site.args[0]);
        if (child) {
          child.mounted = true;
          table.mounts.push({ child, prefix: asString(site.kw.url_prefix), extra: [] });
        }
        return { t: "none" };
      }
      return undefined;
    },
    decorate(decorator, fn, line) {
      restx.decorate(decorator, fn, line);
      restful.decorate(decorator, fn, line);
      boundEndpoints.decorate(decorator, fn);
      if (decorator.t !== "obj" || decorator.kind !== "flask.decorator") return;
      const { table, methods, site } = decorator.data as RouteDecorator;
      const rule = asString(site.args[0] ?? site.kw.rule);
      // A class under `@blp.route(rule)` is a class-based view (flask-smorest's MethodView resources).
      const view: PyValue = fn.t === "class" ? classView(fn) : fn;
      if (rule !== undefined) addRoute(table, rule, methods, view, declaredAt(site, line));
    },
  });
  smorest.mountAll();
  for (const { owner, path, resource } of restx.resources()) {
    addRoute(owner, path, undefined, classView(resource.cls), {
      file: resource.file,
      line: resource.line,
      kw: {},
      kwValues: {},
    });
  }
  for (const { owner, rule, resource } of restful.resources()) {
    addRoute(owner, rule, undefined, classView(resource.cls), declaredAt(resource.site, resource.line));
  }
  for (const { table, rule, methods, view, site } of boundEndpoints.bound()) {
    addRoute(table, rule, methods, view, declaredAt(site, site.line));
  }
  if (tables.length === 0) return { endpoints: [], dtos: [], types: [] };

  const models = new PyModels(program);
  const schemas = new MarshmallowSchemas(program, models);
  const placed = placeRoutes(
    tables,
    (mountPrefix, table, outer) => joinPrefix(outer, mountPrefix ?? prefixOf(table)),
    joinRule,
  );
  const endpoints: Endpoint[] = [];
  for (const { route, path } of placed) endpoints.push(...endpointsOf(program, schemas, route, path));
  const dtos: Dto[] = models
    .allClasses()
    .map((c) => schemas.dtoOf(c))
    .filter((d): d is Dto => d !== undefined);
  return { endpoints: sortEndpoints(endpoints), dtos, types: models.allEnums() };
}

/**
 * Every Flask table comes from a module of Flask or of its extensions (`flask`, `flask_restful`,
 * `flask_restx`): a tree that imports none has no Flask route, and is not evaluated for them.
 */
function importsFlask(files: PyFiles): boolean {
  return files.some(({ facts }) => facts.imports.some((i) => i.module.startsWith("flask")));
}

function prefixOf(table: RouteTable): string | undefined {
  return (table as FlaskTable).hasPrefix ? table.prefix : undefined;
}

/** Flask's nesting: `outer.rstrip("/") + "/" + inner.lstrip("/")` when both exist. */
function joinPrefix(outer: string, inner: string | undefined): string {
  if (inner === undefined) return outer;
  if (!outer) return inner;
  return `${outer.replace(/\/+$/, "")}/${inner.replace(/^\/+/, "")}`;
}

/** Where a route was declared: file, line and the declaring call's keyword arguments. */
type RouteSite = Pick<PyRoute, "file" | "line" | "kw" | "kwValues">;

/** The RouteSite of a route declared by a call, at `line` (a decorated function's, or the call's). */
function declaredAt(site: CallSite, line: number): RouteSite {
  return { file: site.module.file, line, kw: site.expr.kw, kwValues: site.kw };
}

interface View {
  method: HttpMethod;
  handler: string;
  fn?: PyFunction;
  auth: boolean;
}

/** The (method, function) pairs a route serves: a view function, or a class-based view's methods. */
function viewsOf(program: PyProgram, route: PyRoute): View[] {
  const handler = route.handler;
  if (handler.t === "func") {
    const auth = handler.fn.decorators.some((d) => looksLikeAuth(decoratorName(d)));
    const methods: HttpMethod[] = route.methods.length > 0 ? route.methods : ["GET"];
    return methods.map((method) => ({ method, handler: handler.fn.name, fn: handler.fn, auth }));
  }
  if (handler.t === "obj" && handler.kind === "flask.view")
    return classViews(program, handler.data as ClassValue, route);
  const name = handler.t === "result" ? handler.fn.fn.name : "<inline>";
  const methods: HttpMethod[] = route.methods.length > 0 ? route.methods : ["GET"];
  return methods.map((method) => ({ method, handler: name, auth: false }));
}

function classViews(program: PyProgram, cls: ClassValue, route: PyRoute): View[] {
  // MethodView's `decorators`, Flask-RESTful's `method_decorators`.
  const auth = ["decorators", "method_decorators"].some((attr) => {
    const decorators = program.classAttribute(cls, attr);
    return decorators?.t === "list" && decorators.items.some((d) => looksLikeAuth(valueName(d)));
  });
  const views: View[] = [];
  for (const method of HTTP_METHODS) {
    const attr = program.classAttribute(cls, method.toLowerCase());
    if (attr?.t !== "func") continue;
    if (route.methods.length > 0 && !route.methods.includes(method)) continue;
    views.push({ method, handler: `${cls.cls.name}.${method.toLowerCase()}`, fn: attr.fn, auth });
  }
  if (views.length > 0) return views;
  // A plain `View`: `methods = [...]` served by `dispatch_request`.
  const dispatch = program.classAttribute(cls, "dispatch_request");
  const declared = methodsOf(program.classAttribute(cls, "methods")) ?? [];
  const methods =
    route.methods.length > 0 ? route.methods : declared.length > 0 ? declared : (["GET"] as HttpMethod[]);
  if (dispatch?.t !== "func") return [];
  return methods.map((method) => ({
    method,
    handler: `${cls.cls.name}.dispatch_request`,
    fn: dispatch.fn,
    auth,
  }));
}

function endpointsOf(
  program: PyProgram,
  schemas: MarshmallowSchemas,
  route: PyRoute,
  fullPath: string,
): Endpoint[] {
  const { path, params: templated } = templateParams(fullPath);
  const out: Endpoint[] = [];
  for (const view of viewsOf(program, route)) {
    const module = view.fn ? moduleOf(program, view.fn) : undefined;
    const uses = (view.fn?.uses ?? []).filter((u) => appliesTo(u, view.method));
    const params: Param[] = templated.map(({ name, converter }) => {
      const { type, format } = converterType(converter);
      return format
        ? { name, in: "path", type, required: true, constraints: { format } }
        : { name, in: "path", type, required: true };
    });
    for (const use of uses) {
      if (
        (use.kind === "query" || use.kind === "header") &&
        use.name &&
        !params.some((p) => p.name === use.name)
      ) {
        params.push(readParam(use));
      }
    }
    const endpoint: Endpoint = {
      id: `${view.method} ${path}`,
      method: view.method,
      path,
      handler: view.handler,
      file: route.file,
      line: route.line,
      params,
      responses: responsesOf(program, schemas, module, uses),
    };
    const load = uses.find((u) => u.kind === "load");
    const request = load && module ? schemaName(program, schemas, module, load) : undefined;
    if (request) endpoint.request = request;
    if (view.auth) endpoint.auth = true;
    out.push(endpoint);
  }
  return out;
}

function readParam(use: PyBodyUse): Param {
  const typeName = use.type?.k === "name" ? use.type.id : undefined;
  const scalar =
    typeName === "int"
      ? "integer"
      : typeName === "float"
        ? "number"
        : typeName === "bool"
          ? "boolean"
          : "string";
  const param: Param = {
    name: use.name ?? "",
    in: use.kind === "header" ? "header" : "query",
    type: use.many ? `${scalar}[]` : scalar,
    required: use.required === true,
  };
  const fallback = use.default ? literalValue(use.default) : undefined;
  if (fallback !== undefined && fallback !== null) param.constraints = { default: fallback } as Constraints;
  return param;
}

function responsesOf(
  program: PyProgram,
  schemas: MarshmallowSchemas,
  module: string | undefined,
  uses: PyBodyUse[],
): EndpointResponse[] {
  const out: EndpointResponse[] = [];
  for (const use of uses.filter((u) => u.kind === "return")) {
    const response: EndpointResponse = { status: statusCode(use.statusExpr) ?? 200 };
    const dto = module ? schemaName(program, schemas, module, use) : undefined;
    if (dto) response.dto = dto;
    if (!out.some((r) => r.status === response.status && r.dto === response.dto)) out.push(response);
  }
  return out.length > 0 ? out.sort((a, b) => (a.status ?? 0) - (b.status ?? 0)) : [{ status: 200 }];
}

function schemaName(
  program: PyProgram,
  schemas: MarshmallowSchemas,
  module: string,
  use: PyBodyUse,
): string | undefined {
  if (!use.type) return undefined;
  const cls = program.evaluateIn(module, use.type);
  const dto = cls.t === "class" ? schemas.dtoOf(cls) : undefined;
  if (!dto) return undefined;
  return use.many ? `${dto.name}[]` : dto.name;
}

function appliesTo(use: PyBodyUse, method: HttpMethod): boolean {
  if (use.only && !use.only.includes(method)) return false;
  return !use.not?.includes(method);
}

function moduleOf(program: PyProgram, fn: PyFunction): string | undefined {
  return program.moduleStates().find((m) => containsFunction(m.facts, fn))?.ref.module;
}

function containsFunction(facts: PyModuleFacts, fn: PyFunction): boolean {
  const search = (body: PyModuleFacts["body"]): boolean =>
    body.some(
      (s) =>
        (s.s === "def" && (s.fn === fn || search(s.fn.body))) ||
        (s.s === "class" && search(s.cls.body)) ||
        nestedBodies(s).some(search),
    );
  return search(facts.body);
}

function decoratorName(expr: PyFunction["decorators"][number]): string | undefined {
  if (expr.k === "name") return expr.id;
  if (expr.k === "attr") return expr.name;
  if (expr.k === "call") return decoratorName(expr.fn);
  return undefined;
}

function valueName(value: PyValue): string | undefined {
  if (value.t === "func") return value.fn.name;
  if (value.t === "external") return externalName(value);
  return undefined;
}

function methodsOf(value: PyValue | undefined): HttpMethod[] | undefined {
  if (!value) return undefined;
  return stringList(value)
    .map(asMethod)
    .filter((m): m is HttpMethod => m !== undefined);
}
