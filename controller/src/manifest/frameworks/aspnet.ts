// ASP.NET Core: attribute-routed controllers ([Route] on the class, also inherited from a project
// base class; [HttpGet("…")]/[HttpPost]…/[Route] on actions; `[controller]`, `[action]`, `[area]`
// tokens; `~/` and `/` absolute templates), and minimal APIs (`app.MapGet/MapPost/…`, `MapGroup`
// prefixes, routes added in extension methods of IEndpointRouteBuilder, `RequireAuthorization`).
// Parameters by binding source ([FromRoute/Query/Header/Body], else route name → path, simple
// type → query, a project class → body), route constraints as types (`{id:int}`), responses
// from [ProducesResponseType] and the return type, DTOs from classes and records
// (csharp/cs-types.ts), auth from [Authorize]/[AllowAnonymous].

import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Endpoint, EndpointResponse, HttpMethod, Param } from "../types.js";
import { extractCsharp } from "./csharp/cs-extract.js";
import type { CsAttr, CsClass, CsExpr, CsFileFacts, CsMethod, CsParam, CsStmt } from "./csharp/cs-facts.js";
import { CsTypes } from "./csharp/cs-types.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";

export const aspnetScanner: FrameworkScanner<CsFileFacts> = {
  name: "aspnetcore",
  kind: "framework",
  languages: ["csharp"],
  version: 1,
  extract: (file) => (file.language === "csharp" ? extractCsharp(file.root) : undefined),
  link: (files) => linkAspnet(files),
};

const HTTP_ATTRS: Record<string, HttpMethod> = {
  HttpGet: "GET",
  HttpPost: "POST",
  HttpPut: "PUT",
  HttpPatch: "PATCH",
  HttpDelete: "DELETE",
  HttpHead: "HEAD",
  HttpOptions: "OPTIONS",
};
const MAP_VERBS: Record<string, HttpMethod> = {
  MapGet: "GET",
  MapPost: "POST",
  MapPut: "PUT",
  MapPatch: "PATCH",
  MapDelete: "DELETE",
};
const ROUTER_TYPES = /^(IEndpointRouteBuilder|WebApplication|RouteGroupBuilder|IApplicationBuilder)$/;
const NOT_BOUND =
  /^(CancellationToken|HttpContext|HttpRequest|HttpResponse|ClaimsPrincipal|ILogger.*|IFormFile.*)$/;
const CONSTRAINT_TYPES: Record<string, { type: string; format?: string }> = {
  int: { type: "integer" },
  long: { type: "integer" },
  decimal: { type: "number" },
  double: { type: "number" },
  float: { type: "number" },
  bool: { type: "boolean" },
  guid: { type: "string", format: "uuid" },
  datetime: { type: "string", format: "date-time" },
};

interface Template {
  path: string;
  /** Route parameters and the type their constraint implies. */
  constraints: Map<string, { type: string; format?: string }>;
}

function linkAspnet(files: readonly FileFacts<CsFileFacts>[]): ScanContribution {
  const types = new CsTypes(files);
  const endpoints = new Map<string, Endpoint>();
  const add = (e: Endpoint) => {
    if (!endpoints.has(e.id)) endpoints.set(e.id, e);
  };
  for (const { cls, file } of types.allClasses())
    if (isController(cls, types)) for (const e of controllerEndpoints(cls, file, types)) add(e);
  for (const e of new MinimalApis(files, types).endpoints()) add(e);
  if (endpoints.size === 0) return { endpoints: [], dtos: [], types: [] };
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos: types.dtos(), types: [] };
}

const attr = (attrs: CsAttr[], name: string) => attrs.find((a) => a.name === name);
const str = (a: CsAttr | undefined, i = 0) =>
  a?.args[i]?.k === "str" ? (a.args[i] as { v: string }).v : undefined;

function isController(cls: CsClass, types: CsTypes): boolean {
  if (cls.attrs.some((a) => a.name === "NonController")) return false;
  const chain = ancestry(cls, types);
  return (
    chain.some((c) => c.attrs.some((a) => a.name === "ApiController" || a.name === "Route")) ||
    cls.bases.some((b) => b === "ControllerBase" || b === "Controller") ||
    (cls.name.endsWith("Controller") && cls.methods.some((m) => m.attrs.some((a) => HTTP_ATTRS[a.name])))
  );
}

function ancestry(cls: CsClass, types: CsTypes): CsClass[] {
  const out: CsClass[] = [cls];
  for (let cur = cls; out.length < 8; ) {
    const base = cur.bases.map((b) => types.cls(b)?.cls).find((b) => b && !b.enumMembers);
    if (!base || out.includes(base)) break;
    out.push(base);
    cur = base;
  }
  return out;
}

function controllerEndpoints(cls: CsClass, file: string, types: CsTypes): Endpoint[] {
  const chain = ancestry(cls, types);
  const classRoutes =
    chain.map((c) => c.attrs.filter((a) => a.name === "Route")).find((r) => r.length > 0) ?? [];
  const prefixes = classRoutes.length > 0 ? classRoutes.map((a) => str(a) ?? "") : [""];
  const area = str(chain.map((c) => attr(c.attrs, "Area")).find(Boolean));
  const classAuth = chain.some((c) => c.attrs.some((a) => a.name === "Authorize"));
  const out: Endpoint[] = [];
  for (const m of cls.methods) {
    if (m.isStatic || m.attrs.some((a) => a.name === "NonAction")) continue;
    const verbs = m.attrs.filter((a) => HTTP_ATTRS[a.name]);
    const routes = m.attrs.filter((a) => a.name === "Route").map((a) => str(a) ?? "");
    const pairs: [HttpMethod, string | undefined][] = [];
    for (const v of verbs) {
      const own =
        str(v) ??
        (typeof v.named.Template === "object" && v.named.Template.k === "str"
          ? v.named.Template.v
          : undefined);
      if (own !== undefined || routes.length === 0) pairs.push([HTTP_ATTRS[v.name]!, own]);
      else for (const r of routes) pairs.push([HTTP_ATTRS[v.name]!, r]);
    }
    if (pairs.length === 0) continue;
    const action = m.name.replace(/Async$/, "");
    const auth =
      (classAuth || m.attrs.some((a) => a.name === "Authorize")) &&
      !m.attrs.some((a) => a.name === "AllowAnonymous");
    for (const [method, own] of pairs) {
      for (const prefix of prefixes) {
        const written =
          own !== undefined && /^~?\//.test(own) ? own.replace(/^~/, "") : joinRoute(prefix, own ?? "");
        const tokens = written
          .replace(/\[controller\]/gi, cls.name.replace(/Controller$/, ""))
          .replace(/\[action\]/gi, action)
          .replace(/\[area\]/gi, area ?? "");
        const template = parseTemplate(tokens);
        const e: Endpoint = {
          id: `${method} ${template.path}`,
          method,
          path: template.path,
          handler: `${cls.name}.${m.name}`,
          file,
          line: m.line,
          params: [],
          responses: [],
        };
        bindParams(e, m.params, template, types);
        e.responses = responsesOf(m, types);
        if (auth) e.auth = true;
        out.push(e);
      }
    }
  }
  return out;
}

function joinRoute(a: string, b: string): string {
  return `/${[...a.split("/"), ...b.split("/")].filter(Boolean).join("/")}`;
}

/** `api/items/{id:int}/{slug?}` → `/api/items/{id}/{slug}` and the constraint types. */
function parseTemplate(written: string): Template {
  const constraints = new Map<string, { type: string; format?: string }>();
  const path = joinRoute("", written).replace(
    /\{\*{0,2}([A-Za-z_]\w*)([^}]*)\}/g,
    (_, name: string, rest: string) => {
      const kinds = rest
        .split(":")
        .slice(1)
        .map((k) =>
          k
            .replace(/\(.*$/, "")
            .replace(/[?=].*$/, "")
            .toLowerCase(),
        );
      const typed = kinds.map((k) => CONSTRAINT_TYPES[k]).find(Boolean);
      constraints.set(name, typed ?? { type: "string" });
      return `{${name}}`;
    },
  );
  return { path, constraints };
}

function bindParams(e: Endpoint, params: CsParam[], template: Template, types: CsTypes): void {
  const bodyMethod = e.method === "POST" || e.method === "PUT" || e.method === "PATCH";
  for (const p of params) {
    if (NOT_BOUND.test(p.type) || p.attrs.some((a) => a.name === "FromServices")) continue;
    const source = p.attrs.find((a) => /^From(Route|Query|Header|Body|Form)$/.test(a.name));
    const nameAttr = source?.named.Name;
    const name = nameAttr?.k === "str" ? nameAttr.v : p.name;
    const routeKey = [...template.constraints.keys()].find((k) => k.toLowerCase() === name.toLowerCase());
    const { type, constraints } = types.typeText(p.type);
    const required = p.attrs.some((a) => a.name === "Required" || a.name === "BindRequired");
    const kind =
      source?.name ??
      (routeKey
        ? "FromRoute"
        : types.isSimple(p.type)
          ? "FromQuery"
          : types.cls(p.type)
            ? "FromBody"
            : undefined);
    if (kind === "FromRoute" || (kind === undefined && routeKey)) {
      const c = template.constraints.get(routeKey ?? name);
      e.params.push({
        name: routeKey ?? name,
        in: "path",
        type: c && c.type !== "string" ? c.type : type === "unknown" ? "string" : type,
        required: true,
        ...(c?.format ? { constraints: { format: c.format } } : {}),
      });
    } else if (kind === "FromQuery" || kind === "FromHeader") {
      const param: Param = {
        name: kind === "FromHeader" ? name.toLowerCase() : name,
        in: kind === "FromQuery" ? "query" : "header",
        type,
        required,
      };
      if (Object.keys(constraints).length) param.constraints = constraints;
      e.params.push(param);
    } else if ((kind === "FromBody" || kind === "FromForm") && (bodyMethod || source)) {
      const dto = types.dtoName(p.type);
      if (dto) e.request = dto;
    }
  }
  for (const [name, c] of template.constraints)
    if (!e.params.some((p) => p.in === "path" && p.name === name))
      e.params.unshift({
        name,
        in: "path",
        type: c.type,
        required: true,
        ...(c.format ? { constraints: { format: c.format } } : {}),
      });
}

function responsesOf(m: CsMethod, types: CsTypes): EndpointResponse[] {
  const out: EndpointResponse[] = [];
  for (const a of m.attrs.filter(
    (x) => x.name.startsWith("ProducesResponseType") || x.name === "SwaggerResponse",
  )) {
    const generic = /<(.+)>$/.exec(a.name)?.[1];
    const typeArg = a.args.find((x) => x.k === "type");
    const statusArg = a.args.find((x) => x.k === "num" || x.k === "member") ?? a.named.StatusCode;
    const status =
      statusArg?.k === "num"
        ? statusArg.v
        : statusArg?.k === "member"
          ? statusFromName(statusArg.text)
          : undefined;
    const dto = generic
      ? types.dtoName(generic)
      : typeArg?.k === "type"
        ? types.dtoName(typeArg.name)
        : undefined;
    out.push({ ...(status !== undefined ? { status } : {}), ...(dto ? { dto } : {}) });
  }
  const returned = types.responseDto(m.returns);
  if (returned && !out.some((r) => r.dto === returned)) {
    const ok = out.find((r) => r.status !== undefined && r.status >= 200 && r.status < 300 && !r.dto);
    if (ok) ok.dto = returned;
    else out.push({ dto: returned });
  }
  return out;
}

/** `StatusCodes.Status201Created`, `HttpStatusCode.Created` → 201. */
function statusFromName(text: string): number | undefined {
  const n = /Status(\d{3})/.exec(text);
  if (n) return Number(n[1]);
  const names: Record<string, number> = {
    OK: 200,
    Created: 201,
    Accepted: 202,
    NoContent: 204,
    BadRequest: 400,
    Unauthorized: 401,
    Forbidden: 403,
    NotFound: 404,
    Conflict: 409,
  };
  return names[text.split(".").pop() ?? ""];
}

type Val = { t: "node"; id: string } | { t: "route"; endpoints: Endpoint[] } | { t: "other" };

/** Minimal APIs: routers through variables, MapGroup and extension methods, evaluated once. */
class MinimalApis {
  private readonly edges: { parent: string; child: string; prefix: string }[] = [];
  private readonly routes: {
    node: string;
    method: HttpMethod;
    template: string;
    handler: CsExpr | undefined;
    file: string;
    line: number;
    endpoints: Endpoint[];
    auth: boolean;
  }[] = [];
  private readonly guarded = new Set<string>();
  private counter = 0;

  constructor(
    private readonly files: readonly FileFacts<CsFileFacts>[],
    private readonly types: CsTypes,
  ) {}

  endpoints(): Endpoint[] {
    for (const f of this.files) {
      this.run(f.facts.main, new Map([["app", { t: "node", id: "app" }]]), f.path);
      for (const cls of f.facts.classes)
        for (const m of cls.methods) {
          const scope = new Map<string, Val>();
          m.params.forEach((p, i) => {
            if (ROUTER_TYPES.test(p.type.replace(/\?$/, "")))
              scope.set(p.name, { t: "node", id: this.paramNode(cls, m, i) });
          });
          this.run(m.body, scope, f.path);
        }
    }
    const out: Endpoint[] = [];
    for (const r of this.routes) {
      for (const chain of this.chains(r.node, new Set())) {
        const template = parseTemplate(joinRoute(chain.prefix, r.template));
        const e: Endpoint = {
          id: `${r.method} ${template.path}`,
          method: r.method,
          path: template.path,
          handler: "<inline>",
          file: r.file,
          line: r.line,
          params: [],
          responses: [],
        };
        const fn = this.handler(r.handler);
        if (fn) {
          e.handler = fn.name;
          bindParams(e, fn.params, template, this.types);
          const dto = fn.returns ? this.types.responseDto(fn.returns) : undefined;
          if (dto) e.responses.push({ dto });
        } else bindParams(e, [], template, this.types);
        if (r.auth || chain.guarded) e.auth = true;
        r.endpoints.push(e);
        out.push(e);
      }
    }
    return out;
  }

  private paramNode(cls: CsClass, m: CsMethod, i: number): string {
    return `param:${cls.name}.${m.name}:${m.line}#${i}`;
  }

  private chains(node: string, seen: Set<string>): { prefix: string; guarded: boolean }[] {
    const parents = this.edges.filter((e) => e.child === node && !seen.has(e.parent));
    if (parents.length === 0) return [{ prefix: "", guarded: this.guarded.has(node) }];
    return parents.flatMap((e) =>
      this.chains(e.parent, new Set([...seen, node])).map((c) => ({
        prefix: joinRoute(c.prefix, e.prefix),
        guarded: c.guarded || this.guarded.has(node),
      })),
    );
  }

  private run(stmts: CsStmt[], scope: Map<string, Val>, file: string): void {
    for (const s of stmts) {
      if (s.s === "bind") scope.set(s.name, this.evaluate(s.value, scope, file));
      else this.evaluate(s.call, scope, file);
    }
  }

  private evaluate(e: CsExpr, scope: Map<string, Val>, file: string): Val {
    if (e.k === "id") return scope.get(e.name) ?? { t: "other" };
    if (e.k !== "call" || e.fn.k !== "member") return { t: "other" };
    const name = e.fn.name.replace(/<.*$/, "");
    if (name === "Build" && e.fn.x.k === "id") return { t: "node", id: "app" };
    const recv = this.evaluate(e.fn.x, scope, file);
    if (recv.t === "route") {
      if (name === "RequireAuthorization")
        for (const r of this.routes) if (r.endpoints === recv.endpoints) r.auth = true;
      if (name === "AllowAnonymous")
        for (const r of this.routes) if (r.endpoints === recv.endpoints) r.auth = false;
      return recv;
    }
    if (recv.t !== "node") {
      this.extension(name, e, scope, file, recv);
      return { t: "other" };
    }
    if (name === "MapGroup") {
      const child = `group:${this.counter++}`;
      this.edges.push({ parent: recv.id, child, prefix: e.args[0]?.k === "str" ? e.args[0].v : "" });
      return { t: "node", id: child };
    }
    if (name === "RequireAuthorization") {
      this.guarded.add(recv.id);
      return recv;
    }
    const verb = MAP_VERBS[name];
    if (verb && e.args[0]?.k === "str") {
      const endpoints: Endpoint[] = [];
      this.routes.push({
        node: recv.id,
        method: verb,
        template: e.args[0].v,
        handler: e.args[1],
        file,
        line: e.line,
        endpoints,
        auth: false,
      });
      return { t: "route", endpoints };
    }
    this.extension(name, e, scope, file, recv);
    return recv.t === "node" && /^(With|Add|Produces|Require|Disable|Map)/.test(name) ? recv : { t: "other" };
  }

  /** `app.MapTodoEndpoints()` (an extension method) or `TodoApi.Map(app)`: the method's router parameter hangs under the argument. */
  private extension(
    name: string,
    e: Extract<CsExpr, { k: "call" }>,
    scope: Map<string, Val>,
    file: string,
    recv: Val,
  ): void {
    const args = e.args.map((a) => this.evaluate(a, scope, file));
    for (const { cls } of this.types.allClasses())
      for (const m of cls.methods) {
        if (m.name !== name) continue;
        const actual = m.params[0]?.isThis ? [recv, ...args] : args;
        actual.forEach((a, i) => {
          if (a.t === "node" && m.params[i] && ROUTER_TYPES.test(m.params[i]!.type.replace(/\?$/, "")))
            this.edges.push({ parent: a.id, child: this.paramNode(cls, m, i), prefix: "" });
        });
      }
  }

  private handler(h: CsExpr | undefined): { name: string; params: CsParam[]; returns?: string } | undefined {
    if (!h) return undefined;
    if (h.k === "lambda") return { name: "<inline>", params: h.params };
    const name = h.k === "id" ? h.name : h.k === "member" ? h.name : undefined;
    if (!name) return undefined;
    for (const { cls } of this.types.allClasses()) {
      const m = cls.methods.find((x) => x.name === name);
      if (m) return { name: `${cls.name}.${m.name}`, params: m.params, returns: m.returns };
    }
    return { name, params: [] };
  }
}
