// FastAPI: `FastAPI()` apps and `APIRouter(prefix=...)` routers, `include_router(r, prefix=...)`
// across modules and nested, routes by decorator (`@router.get`) or `add_api_route` (also in
// loops), parameters from the handler's signature, pydantic models as request and response DTOs.
// Starlette's routing, which FastAPI serves too (`Route`/`Mount` lists, `add_route`), is read by
// ./python/starlette-routes.ts; a path or prefix the scan cannot know leaves its routes out.

import type { FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Constraints, Endpoint, EndpointResponse, HttpMethod, Param } from "../types.js";
import { type CallSite, PyProgram } from "./python/py-evaluator.js";
import type { PyExpr, PyFunction, PyModuleFacts } from "./python/py-facts.js";
import { literalValue } from "./python/py-literals.js";
import { constraintsOf, isCallTo, PyModels } from "./python/py-models.js";
import {
  asMethod,
  converterType,
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
import { pyTypeInfo } from "./python/py-types.js";
import { externalName, type FuncValue, type PyValue, UNKNOWN } from "./python/py-values.js";
import {
  addRoutingList,
  addStarletteRoute,
  pathPart,
  routingObject,
  starletteRoutes,
  UNKNOWN_PART,
} from "./python/starlette-routes.js";

const ROUTE_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];
const MARKERS = ["Query", "Path", "Header", "Cookie", "Body", "Form", "File", "Depends", "Security"];
const SKIPPED_TYPES = new Set(["Request", "Response", "BackgroundTasks", "WebSocket", "HTTPConnection"]);
/** What makes a route table: FastAPI's app and router, Starlette's application and router. */
const TABLE_MAKERS = new Set(["FastAPI", "APIRouter", "Starlette", "Router"]);

/** A symbol of FastAPI or Starlette (Starlette's names are common words elsewhere). */
const frameworkName = (callee: PyValue): string | undefined =>
  callee.t === "external" && /^(fastapi|starlette)(\.|$)/.test(callee.path)
    ? externalName(callee)
    : undefined;

export const fastapiScanner: FrameworkScanner<PyModuleFacts> = {
  name: "fastapi",
  kind: "framework",
  languages: ["python"],
  version: 1,
  factsKey: PYTHON_FACTS_KEY,
  extract: extractPython,
  link: (files) => linkFastapi(files),
};

interface RouteDecorator {
  table: RouteTable;
  methods: HttpMethod[];
  site: CallSite;
}

function linkFastapi(files: PyFiles): ScanContribution {
  const program = new PyProgram(files);
  const tables: RouteTable[] = [];
  const tableOf = (v: PyValue | undefined) =>
    v?.t === "obj" && v.kind === "fastapi.table" ? (v.data as RouteTable) : undefined;
  const makeTable = (prefix: string, dependencies: PyValue | undefined, routes: PyValue | undefined) => {
    const table = newTable(prefix, listItems(dependencies));
    addRoutingList(table, routes);
    tables.push(table);
    return table;
  };
  program.evaluateAll({
    call(callee, site) {
      const name = externalName(callee);
      if (name === "FastAPI" || name === "APIRouter" || TABLE_MAKERS.has(frameworkName(callee) ?? "")) {
        const table = makeTable(pathPart(site.kw.prefix), site.kw.dependencies, site.kw.routes);
        return { t: "obj", kind: "fastapi.table", data: table };
      }
      const routing = routingObject(frameworkName(callee), site, tableOf, (routes) =>
        makeTable("", undefined, routes),
      );
      if (routing) return routing;
      if (callee.t !== "method") return undefined;
      const table = tableOf(callee.self);
      if (!table) return undefined;
      // `app.mount("/admin", admin_app)`: a sub-application under a path (static files are not tables).
      if (callee.name === "mount") {
        const child = tableOf(site.args[1] ?? site.kw.app);
        if (child) {
          child.mounted = true;
          table.mounts.push({ child, prefix: pathPart(site.args[0] ?? site.kw.path ?? UNKNOWN), extra: [] });
        }
        return { t: "none" };
      }
      if (callee.name === "include_router") {
        const child = tableOf(site.args[0]);
        if (child) {
          child.mounted = true;
          table.mounts.push({
            child,
            prefix: pathPart(site.kw.prefix),
            extra: listItems(site.kw.dependencies),
          });
        }
        return { t: "none" };
      }
      if (ROUTE_METHODS.includes(callee.name) || callee.name === "api_route" || callee.name === "route") {
        const methods = ROUTE_METHODS.includes(callee.name)
          ? [asMethod(callee.name)!]
          : methodList(site.kw.methods);
        const decorator: RouteDecorator = { table, methods, site };
        return { t: "obj", kind: "fastapi.decorator", data: decorator };
      }
      // Starlette's `add_route(path, endpoint, methods=None)`, on a FastAPI app too.
      if (callee.name === "add_route") {
        const path = pathPart(site.args[0] ?? site.kw.path ?? UNKNOWN);
        addStarletteRoute(table, path, site.args[1] ?? site.kw.route ?? UNKNOWN, site.kw.methods, site);
        return { t: "none" };
      }
      if (callee.name === "add_api_route") {
        const handler = site.args[1] ?? site.kw.endpoint;
        addRoute(
          { table, methods: methodList(site.kw.methods), site },
          handler ?? { t: "unknown" },
          site.line,
        );
        return { t: "none" };
      }
      return undefined;
    },
    decorate(decorator, fn, line) {
      if (fn.t === "func" && decorator.t === "obj" && decorator.kind === "fastapi.decorator")
        addRoute(decorator.data as RouteDecorator, fn, line);
    },
  });
  if (tables.length === 0) return { endpoints: [], dtos: [], types: [] };
  const models = new PyModels(program);
  const placed = placeRoutes(
    tables,
    (mountPrefix, table, outer) => outer + (mountPrefix ?? "") + table.prefix,
    (prefix, path) => prefix + path,
  );
  const endpoints: Endpoint[] = [];
  for (const { route, path, extra } of placed) {
    if (path.includes(UNKNOWN_PART)) continue;
    if (starletteRoutes.has(route)) {
      for (const method of route.methods) endpoints.push(starletteEndpoint(method, path, route));
      continue;
    }
    if (route.handler.t !== "func") continue;
    for (const method of route.methods) {
      endpoints.push(
        endpointOf(models, method, path, route.handler, route.kw, route.file, route.line, extra),
      );
    }
  }
  return { endpoints: sortEndpoints(endpoints), dtos: models.allPydantic(), types: models.allEnums() };

  function addRoute(decorator: RouteDecorator, handler: PyValue, line: number): void {
    const { site } = decorator;
    const path = pathPart(site.args[0] ?? site.kw.path ?? UNKNOWN);
    decorator.table.routes.push({
      methods: decorator.methods.length > 0 ? decorator.methods : ["GET"],
      path,
      handler,
      file: site.module.file,
      line,
      kw: site.expr.kw,
      kwValues: site.kw,
      decorators: [],
    });
  }
}

/**
 * A route of Starlette's objects: its endpoint takes the request (its parameters are the path's),
 * a function, an `HTTPEndpoint` class's method for the verb, or an ASGI app.
 */
function starletteEndpoint(method: HttpMethod, fullPath: string, route: PyRoute): Endpoint {
  const { path, params } = templateParams(fullPath);
  return {
    id: `${method} ${path}`,
    method,
    path,
    handler: handlerName(route.handler, method),
    file: route.file,
    line: route.line,
    params: params.map((p) => ({
      name: p.name,
      in: "path",
      required: true,
      type: converterType(p.converter).type,
    })),
    responses: [{ status: 200 }],
  };
}

function handlerName(handler: PyValue, method: HttpMethod): string {
  if (handler.t === "func") return handler.fn.name;
  if (handler.t === "class") return `${handler.cls.name}.${method.toLowerCase()}`;
  if (handler.t === "method") return handler.name;
  return "<inline>";
}

function endpointOf(
  models: PyModels,
  method: HttpMethod,
  fullPath: string,
  handler: FuncValue,
  kw: Record<string, PyExpr>,
  file: string,
  line: number,
  extra: PyValue[],
): Endpoint {
  const module = handler.ref.module;
  const { path, params: templated } = templateParams(fullPath);
  const pathNames = new Set(templated.map((p) => p.name));
  const read = readSignature(models, module, handler.fn, pathNames);
  const endpoint: Endpoint = {
    id: `${method} ${path}`,
    method,
    path,
    handler: handler.fn.name,
    file,
    line,
    params: read.params,
    responses: [responseOf(models, module, handler.fn, kw), ...extraResponses(models, module, kw.responses)],
  };
  if (read.request) endpoint.request = read.request;
  // The route's own words, as FastAPI documents them: `summary=`, then `description=` or else the
  // handler's docstring.
  if (kw.summary?.k === "str") endpoint.summary = kw.summary.v;
  const description = kw.description?.k === "str" ? kw.description.v : docstringOf(handler.fn);
  if (description) endpoint.description = description;
  const dependencyNames = [...extra.map(dependencyName), ...dependencyExprs(kw.dependencies)];
  if (read.auth || dependencyNames.some(looksLikeAuth)) endpoint.auth = true;
  return endpoint;
}

/** A function's docstring, its lines' indentation removed (Python's inspect.cleandoc, roughly). */
function docstringOf(fn: PyFunction): string | undefined {
  const first = fn.body[0];
  if (first?.s !== "expr" || first.e.k !== "str") return undefined;
  const text = first.e.v
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .trim();
  return text || undefined;
}

interface Signature {
  params: Param[];
  request?: string;
  auth: boolean;
}

function readSignature(models: PyModels, module: string, fn: PyFunction, pathNames: Set<string>): Signature {
  const params: Param[] = [];
  const bodies: { param: Param; model: boolean; embed: boolean }[] = [];
  let auth = false;
  for (const p of fn.params) {
    if (p.splat || p.name === "self") continue;
    const info = pyTypeInfo(p.type, (e) => models.nameIn(module, e));
    const typeName = p.type?.k === "name" ? p.type.id : p.type?.k === "attr" ? p.type.name : undefined;
    if (typeName && SKIPPED_TYPES.has(typeName)) continue;
    const marker = [p.default, ...info.metadata].find((e) => e && MARKERS.some((m) => isCallTo(e, m)));
    const markerName =
      marker?.k === "call"
        ? marker.fn.k === "name"
          ? marker.fn.id
          : marker.fn.k === "attr"
            ? marker.fn.name
            : ""
        : "";
    if (markerName === "Depends" || markerName === "Security") {
      const dependency = marker?.k === "call" ? marker.args[0] : undefined;
      if (markerName === "Security" || looksLikeAuth(exprName(dependency))) auth = true;
      continue;
    }
    if (markerName === "Cookie") continue;
    const markerKw = marker?.k === "call" ? marker.kw : {};
    const inMetadata = marker !== undefined && marker !== p.default;
    const markerDefault =
      marker?.k === "call" && !inMetadata ? (marker.args[0] ?? markerKw.default) : p.default;
    const required = markerDefault === undefined ? !markerKw.default_factory : markerDefault.k === "ellipsis";
    const constraints: Constraints = constraintsOf(markerKw, info.isArray);
    if (info.format) constraints.format = info.format;
    const defaultValue =
      markerDefault && markerDefault.k !== "ellipsis" ? literalValue(markerDefault) : undefined;
    if (defaultValue !== undefined && defaultValue !== null) constraints.default = defaultValue;
    const alias = asLiteralString(markerKw.alias);
    const base = { type: info.type, constraints };
    if (markerName === "Path" || pathNames.has(p.name)) {
      params.push(withConstraints({ name: alias ?? p.name, in: "path", required: true, ...base }));
    } else if (markerName === "Header") {
      const convert = markerKw.convert_underscores?.k !== "bool" || markerKw.convert_underscores.v;
      const name = alias ?? (convert ? p.name.replaceAll("_", "-") : p.name);
      params.push(withConstraints({ name, in: "header", required, ...base }));
    } else if (markerName === "Query") {
      params.push(withConstraints({ name: alias ?? p.name, in: "query", required, ...base }));
    } else {
      const isModel =
        models.nameIn(module, stripList(p.type)) !== undefined && !isEnumName(models, info.type);
      if (markerName === "" && !isModel) {
        params.push(withConstraints({ name: alias ?? p.name, in: "query", required, ...base }));
        continue;
      }
      const embed = markerKw.embed?.k === "bool" && markerKw.embed.v;
      bodies.push({
        param: withConstraints({ name: alias ?? p.name, in: "body", required, ...base }),
        model: isModel,
        embed,
      });
    }
  }
  // One model parameter is the whole body; several parameters (or `embed=True`) are its fields.
  const single = bodies.length === 1 ? bodies[0] : undefined;
  if (single?.model && !single.embed) return { params, request: single.param.type, auth };
  return { params: [...params, ...bodies.map((b) => b.param)], auth };
}

function responseOf(
  models: PyModels,
  module: string,
  fn: PyFunction,
  kw: Record<string, PyExpr>,
): EndpointResponse {
  const status = statusCode(kw.status_code) ?? 200;
  const modelExpr = "response_model" in kw ? kw.response_model : fn.returns;
  return withModel(models, module, status, modelExpr);
}

/** `responses={404: {"model": Message}}`: the other statuses the route documents. */
function extraResponses(models: PyModels, module: string, expr: PyExpr | undefined): EndpointResponse[] {
  if (expr?.k !== "dict") return [];
  const out: EndpointResponse[] = [];
  for (const [key, value] of expr.entries) {
    const status = key.k === "str" ? Number(key.v) : statusCode(key);
    if (status === undefined || Number.isNaN(status)) continue;
    const model =
      value.k === "dict" ? value.entries.find(([k]) => k.k === "str" && k.v === "model")?.[1] : undefined;
    out.push(withModel(models, module, status, model));
  }
  return out;
}

function withModel(
  models: PyModels,
  module: string,
  status: number,
  modelExpr: PyExpr | undefined,
): EndpointResponse {
  if (!modelExpr || modelExpr.k === "none") return { status };
  const info = pyTypeInfo(modelExpr, (e) => models.nameIn(module, e));
  const itemName = info.type.endsWith("[]") ? info.type.slice(0, -2) : info.type;
  const known = models.allPydantic().some((d) => d.name === itemName);
  return known ? { status, dto: info.type } : { status };
}

function isEnumName(models: PyModels, type: string): boolean {
  return models.allEnums().some((e) => e.name === type);
}

function stripList(type: PyExpr | undefined): PyExpr {
  if (type?.k === "sub" && type.index[0]) {
    const head = type.value.k === "name" ? type.value.id : "";
    if (["list", "List", "Optional", "Annotated"].includes(head)) return stripList(type.index[0]);
  }
  if (type?.k === "binop") return stripList(type.l.k === "none" ? type.r : type.l);
  return type ?? { k: "none" };
}

function withConstraints(param: Param & { constraints: Constraints }): Param {
  if (Object.keys(param.constraints).length === 0) {
    const { constraints: _unused, ...rest } = param;
    return rest;
  }
  return param;
}

function listItems(value: PyValue | undefined): PyValue[] {
  return value?.t === "list" ? value.items : [];
}

function methodList(value: PyValue | undefined): HttpMethod[] {
  return stringList(value)
    .map(asMethod)
    .filter((m): m is HttpMethod => m !== undefined);
}

function exprName(expr: PyExpr | undefined): string | undefined {
  if (expr?.k === "name") return expr.id;
  if (expr?.k === "attr") return expr.name;
  return undefined;
}

/** The dependency a `Depends(get_current_user)` value names. */
function dependencyName(value: PyValue): string | undefined {
  if (value.t === "unknown" && value.expr?.k === "call") return exprName(value.expr.args[0]);
  return undefined;
}

function dependencyExprs(expr: PyExpr | undefined): (string | undefined)[] {
  if (expr?.k !== "list") return [];
  return expr.items.map((item) => (item.k === "call" ? exprName(item.args[0]) : undefined));
}

function asLiteralString(expr: PyExpr | undefined): string | undefined {
  return expr?.k === "str" ? expr.v : undefined;
}
