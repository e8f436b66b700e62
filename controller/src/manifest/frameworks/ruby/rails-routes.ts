// Rails' router, evaluated: `root`, `get/post/put/patch/delete`, `match … via:`, `resources` and
// `resource` (only/except, path, controller, param, module, nested, shallow), `member` and
// `collection` (blocks and `on:`), `namespace`, `scope` (path, module), `controller`, `concern`
// and `concerns`, `draw(:file)`; `mount Engine => "/at"` is listed as a mounted engine. Paths
// keep Rails' own shape without the optional `(.:format)`; parameters become `{name}`.

import type { HttpMethod } from "../../types.js";
import type { RbCall, RbVal } from "./rb-extract.js";

export interface RailsRoute {
  method: HttpMethod;
  path: string;
  /** `Admin::PhotosController.index`, or the engine's constant for a mount. */
  handler: string;
  file: string;
  line: number;
  /** The constant of a mounted Rack engine (its own routes are not listed). */
  engine?: string;
}

interface Resource {
  /** The resource's own path (`/photos`), and its member path (`/photos/:id`). */
  path: string;
  member: string;
  /** Where nested routes go (`/photos/:photo_id`). */
  nested: string;
  controller: string;
  singular: boolean;
}

interface Ctx {
  path: string;
  /** Controller modules from namespace/scope module (`admin`). */
  modules: string[];
  controller?: string;
  resource?: Resource;
  /** Inside `member do`/`collection do` of `resource`. */
  on?: "member" | "collection";
  shallow: boolean;
  /** The path outside every resource (shallow member routes hang here). */
  shallowPath: string;
  file: string;
}

const VERBS: Record<string, HttpMethod> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
};
const PLURAL_ACTIONS: [string, HttpMethod, "collection" | "new" | "member" | "edit"][] = [
  ["index", "GET", "collection"],
  ["create", "POST", "collection"],
  ["new", "GET", "new"],
  ["edit", "GET", "edit"],
  ["show", "GET", "member"],
  ["update", "PATCH", "member"],
  ["update", "PUT", "member"],
  ["destroy", "DELETE", "member"],
];

export class RailsRouter {
  readonly routes: RailsRoute[] = [];
  private readonly concerns = new Map<string, RbCall[]>();

  /** `draw(:admin)` reads `config/routes/admin.rb`. */
  constructor(private readonly drawFile: (name: string) => { file: string; calls: RbCall[] } | undefined) {}

  evaluate(calls: RbCall[], file: string): void {
    this.walk(calls, { path: "", modules: [], shallow: false, shallowPath: "", file });
  }

  private walk(calls: RbCall[], ctx: Ctx): void {
    for (const call of calls) this.one(call, ctx);
  }

  private one(call: RbCall, ctx: Ctx): void {
    const { name } = call;
    if (name === "namespace") {
      const ns = text(call.args[0]);
      if (!ns) return;
      const path = text(call.kw.path) ?? ns;
      const inner = {
        ...ctx,
        path: join(ctx.path, path),
        modules: [...ctx.modules, text(call.kw.module) ?? ns],
      };
      this.walk(call.block ?? [], { ...inner, shallowPath: inner.path, resource: undefined, on: undefined });
    } else if (name === "scope") {
      const path = text(call.args[0]) ?? text(call.kw.path) ?? "";
      const module = text(call.kw.module);
      const inner = {
        ...ctx,
        path: join(ctx.path, path),
        modules: module ? [...ctx.modules, module] : ctx.modules,
      };
      this.walk(call.block ?? [], { ...inner, shallowPath: ctx.resource ? ctx.shallowPath : inner.path });
    } else if (name === "controller") {
      this.walk(call.block ?? [], { ...ctx, controller: text(call.args[0]) ?? ctx.controller });
    } else if (
      ["constraints", "defaults", "with_options", "devise_scope", "authenticate", "authenticated"].includes(
        name,
      )
    ) {
      this.walk(call.block ?? [], ctx);
    } else if (name === "shallow") {
      this.walk(call.block ?? [], { ...ctx, shallow: true });
    } else if (name === "concern") {
      const concern = text(call.args[0]);
      if (concern) this.concerns.set(concern, call.block ?? []);
    } else if (name === "concerns") {
      for (const c of call.args.flatMap(list)) this.walk(this.concerns.get(c) ?? [], ctx);
    } else if (name === "draw") {
      const drawn = this.drawFile(text(call.args[0]) ?? "");
      if (drawn) this.walk(drawn.calls, { ...ctx, file: drawn.file });
    } else if (name === "resources" || name === "resource") {
      for (const arg of call.args) {
        const resource = text(arg);
        if (resource) this.resource(call, resource, name === "resource", ctx);
      }
    } else if (name === "member" || name === "collection") {
      if (ctx.resource) this.walk(call.block ?? [], { ...ctx, on: name });
    } else if (name === "root") {
      const to = text(call.kw.to) ?? text(call.args[0]);
      this.add("GET", ctx.path || "/", this.handler(to, ctx), ctx, call.line);
    } else if (name === "mount") {
      this.mount(call, ctx);
    } else if (VERBS[name] || name === "match") {
      this.verb(call, ctx);
    }
  }

  private resource(call: RbCall, name: string, singular: boolean, ctx: Ctx): void {
    const base = ctx.resource
      ? ctx.on === "member"
        ? ctx.resource.member
        : ctx.on === "collection"
          ? ctx.resource.path
          : ctx.resource.nested
      : ctx.path;
    const path = join(base, text(call.kw.path) ?? name);
    const param = text(call.kw.param) ?? "id";
    const module = text(call.kw.module);
    const modules = module ? [...ctx.modules, module] : ctx.modules;
    const controllerName = text(call.kw.controller) ?? (singular ? pluralize(name) : name);
    const controller = [...modules, controllerName].join("/");
    const shallow = ctx.shallow || call.kw.shallow?.k === "bool";
    const memberBase = shallow && ctx.resource ? join(ctx.shallowPath, text(call.kw.path) ?? name) : path;
    const member = singular ? path : `${memberBase}/:${param}`;
    const resource: Resource = {
      path,
      // Shallow: the member block's routes hang where the default member actions do.
      member,
      nested: singular ? path : `${memberBase}/:${singularize(name)}_${param}`,
      controller,
      singular,
    };
    const allowed = actionFilter(call.kw.only, call.kw.except);
    const inner: Ctx = { ...ctx, modules, resource, on: undefined, shallow };
    // Rails draws a resource's block (collection, member, nested) before its default actions.
    this.walk(call.block ?? [], inner);
    for (const c of list(call.kw.concerns)) this.walk(this.concerns.get(c) ?? [], inner);
    for (const [action, method, where] of PLURAL_ACTIONS) {
      if (!allowed(action) || (singular && action === "index")) continue;
      const at =
        where === "collection"
          ? path
          : where === "new"
            ? `${path}/new`
            : singular
              ? where === "edit"
                ? `${path}/edit`
                : path
              : where === "edit"
                ? `${member}/edit`
                : member;
      this.add(method, at, controllerHandler(controller, action), ctx, call.line);
    }
  }

  private verb(call: RbCall, ctx: Ctx): void {
    const methods =
      call.name === "match"
        ? list(call.kw.via).flatMap((v) => (v === "all" ? Object.values(VERBS) : VERBS[v] ? [VERBS[v]!] : []))
        : [VERBS[call.name]!];
    const pair = call.pairs[0];
    const written = pair ? text(pair[0]) : text(call.args[0]);
    const to = pair ? text(pair[1]) : text(call.kw.to);
    if (written === undefined) return;
    const isSymbol = (pair ? pair[0] : call.args[0])?.k === "sym";
    const on = text(call.kw.on) ?? ctx.on;
    const res = ctx.resource;
    const base = res
      ? on === "member"
        ? res.member
        : on === "collection"
          ? res.path
          : res.nested
      : ctx.path;
    const path = join(base, text(call.kw.path) ?? written);
    let handler: string;
    if (to)
      handler = this.handler(
        to.includes("#") ? to : `${res?.controller ?? ctx.controller ?? ""}#${to}`,
        ctx,
        !!res,
      );
    else if (text(call.kw.action))
      handler = controllerHandler(
        res?.controller ?? [...ctx.modules, text(call.kw.controller) ?? ctx.controller ?? ""].join("/"),
        text(call.kw.action)!,
      );
    else if (res) handler = controllerHandler(res.controller, written.replace(/^\//, "").split("/")[0]!);
    else if (ctx.controller)
      handler = controllerHandler([...ctx.modules, ctx.controller].join("/"), written.replace(/^\//, ""));
    else {
      // `get "photos/search"`: Rails reads the controller and action from the path.
      const parts = written.replace(/^\//, "").split("/");
      handler =
        parts.length >= 2 && !isSymbol
          ? controllerHandler([...ctx.modules, ...parts.slice(0, -1)].join("/"), parts[parts.length - 1]!)
          : written;
    }
    for (const m of methods) this.add(m, path, handler, ctx, call.line);
  }

  private mount(call: RbCall, ctx: Ctx): void {
    const pair = call.pairs[0];
    const engine = pair ? pair[0] : call.args[0];
    const at = pair ? text(pair[1]) : text(call.kw.at);
    if (!engine || at === undefined) return;
    const name =
      engine.k === "const" ? engine.v : engine.k === "other" ? engine.text : (text(engine) ?? "engine");
    this.routes.push({
      method: "GET",
      path: join(ctx.path, at) || "/",
      handler: name,
      file: ctx.file,
      line: call.line,
      engine: name,
    });
  }

  /** `"photos#show"` → `PhotosController.show` under the namespaces' modules (not for a leading `/`). */
  private handler(to: string | undefined, ctx: Ctx, inResource = false): string {
    if (!to) return "<unknown>";
    const [controller, action] = to.split("#");
    if (!action) return to;
    const modules = controller!.startsWith("/") || inResource ? [] : ctx.modules;
    return controllerHandler([...modules, controller!.replace(/^\//, "")].join("/"), action);
  }

  private add(method: HttpMethod, path: string, handler: string, ctx: Ctx, line: number): void {
    this.routes.push({ method, path: path || "/", handler, file: ctx.file, line });
  }
}

function text(v: RbVal | undefined): string | undefined {
  return v?.k === "sym" || v?.k === "str" ? v.v : undefined;
}

function list(v: RbVal | undefined): string[] {
  if (!v) return [];
  if (v.k === "arr") return v.items.flatMap((i) => (text(i) !== undefined ? [text(i)!] : []));
  const t = text(v);
  return t !== undefined ? [t] : [];
}

function actionFilter(only: RbVal | undefined, except: RbVal | undefined): (action: string) => boolean {
  const o = only ? list(only) : undefined;
  const e = list(except);
  return (a) => (!o || o.includes(a)) && !e.includes(a);
}

/** Joins with one slash; drops Rails' optional `(…)` segments such as `(.:format)`. */
function join(a: string, b: string): string {
  const clean = (s: string) => s.replace(/\([^()]*\)/g, "");
  const parts = [...clean(a).split("/"), ...clean(b).split("/")].filter((s) => s !== "");
  return parts.length === 0 ? "" : `/${parts.join("/")}`;
}

const camel = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

function controllerHandler(controller: string, action: string): string {
  const cls = controller.split("/").filter(Boolean).map(camel).join("::");
  return `${cls}Controller.${action}`;
}

function singularize(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ches|shes|xes|ses|zes)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
