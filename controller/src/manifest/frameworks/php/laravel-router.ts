// Laravel's router, evaluated: `Route::get/post/put/patch/delete/options/any/match`,
// `Route::view`/`redirect`, `resource`/`apiResource` (and the plural forms; `only`/`except`,
// nested `photos.comments`, `parameters`), groups by `prefix`/`middleware`/`controller`/`name`
// chains and `Route::group([...], fn)`, route files included by `require __DIR__.'/x.php'` or
// loaded by a provider (`Route::prefix('api')->group(base_path('routes/api.php'))`) or
// `withRouting(api: …, apiPrefix: …)`; `routes/api.php` is under `/api` unless they say otherwise.

import { posix } from "node:path";
import type { HttpMethod } from "../../types.js";
import type { PhpSeg, PhpStmt, PhpVal } from "./php-routes-extract.js";

export interface LaravelRoute {
  method: HttpMethod;
  path: string;
  handler: string;
  file: string;
  line: number;
  auth: boolean;
}

export interface Group {
  prefix: string;
  middleware: string[];
  controller?: string;
}

const VERBS: Record<string, HttpMethod[]> = {
  get: ["GET"],
  post: ["POST"],
  put: ["PUT"],
  patch: ["PATCH"],
  delete: ["DELETE"],
  options: ["OPTIONS"],
  any: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
  view: ["GET"],
  redirect: ["GET"],
  permanentRedirect: ["GET"],
};
const RESOURCE_ACTIONS: [string, HttpMethod, "index" | "new" | "member" | "edit"][] = [
  ["index", "GET", "index"],
  ["create", "GET", "new"],
  ["store", "POST", "index"],
  ["show", "GET", "member"],
  ["edit", "GET", "edit"],
  ["update", "PUT", "member"],
  ["update", "PATCH", "member"],
  ["destroy", "DELETE", "member"],
];
const GROUP_ATTRS = new Set([
  "prefix",
  "middleware",
  "controller",
  "name",
  "namespace",
  "domain",
  "as",
  "where",
  "scopeBindings",
  "withoutMiddleware",
]);

export class LaravelRouter {
  readonly routes: LaravelRoute[] = [];
  /** Route files evaluated so far (a file loaded by a provider is not loaded again by default). */
  readonly loaded = new Set<string>();
  private readonly visiting = new Set<string>();

  constructor(private readonly fileStmts: (path: string) => PhpStmt[] | undefined) {}

  /** Evaluates a route file under a group (its loader's prefix and middleware). */
  load(file: string, group: Group): void {
    const stmts = this.fileStmts(file);
    if (!stmts || this.visiting.has(file)) return;
    this.visiting.add(file);
    this.loaded.add(file);
    this.run(stmts, group, file);
    this.visiting.delete(file);
  }

  /** A provider's or bootstrap/app.php's statements: what they load and how. */
  runLoader(stmts: PhpStmt[], file: string): void {
    for (const stmt of stmts) {
      if (!("chain" in stmt)) continue;
      const routing = stmt.chain.find((s) => s.name === "withRouting");
      if (!routing) {
        this.chain(stmt.chain, { prefix: "", middleware: [] }, file, stmt.line);
        continue;
      }
      // Laravel 11: `->withRouting(web: …, api: …, apiPrefix: 'api/v1')`.
      const apiPrefix = str(routing.named.apiPrefix) ?? "api";
      for (const [key, value] of Object.entries(routing.named)) {
        if (value.k !== "file" || (key !== "web" && key !== "api")) continue;
        this.load(resolveFile(file, value.path), {
          prefix: key === "api" ? joinUri("", apiPrefix) : "",
          middleware: [key],
        });
      }
    }
  }

  private run(stmts: PhpStmt[], group: Group, file: string): void {
    for (const stmt of stmts) {
      if ("include" in stmt) this.load(resolveFile(file, stmt.include), group);
      else this.chain(stmt.chain, group, file, stmt.line);
    }
  }

  private chain(segs: PhpSeg[], outer: Group, file: string, line: number): void {
    const group: Group = { ...outer, middleware: [...outer.middleware] };
    let i = 0;
    for (; i < segs.length && GROUP_ATTRS.has(segs[i]!.name); i++) applyAttr(group, segs[i]!);
    const terminal = segs[i];
    if (!terminal) return;
    const after = segs.slice(i + 1);
    for (const s of after) if (s.name === "middleware") group.middleware.push(...strings(s.args[0]));
    const auth = group.middleware.some((m) => /^auth\b|auth:|sanctum|passport|jwt/i.test(m));
    const add = (methods: HttpMethod[], path: string, handler: string) => {
      for (const method of methods)
        this.routes.push({ method, path: joinUri(group.prefix, path), handler, file, line, auth });
    };
    const name = terminal.name;
    if (name === "group") {
      const [first, second] = terminal.args;
      if (first?.k === "arr" && second) {
        applyArrayAttrs(group, first);
        this.body(second, group, file);
      } else if (first) this.body(first, group, file);
    } else if (VERBS[name]) {
      const uri = str(terminal.args[0]);
      if (uri === undefined) return;
      const handler =
        name === "view" || name.toLowerCase().includes("redirect")
          ? "<inline>"
          : this.handler(terminal.args[1], group);
      add(VERBS[name]!, uri, handler);
    } else if (name === "match") {
      const uri = str(terminal.args[1]);
      if (uri === undefined) return;
      const methods = strings(terminal.args[0])
        .map((m) => m.toUpperCase())
        .filter((m): m is HttpMethod => Object.values(VERBS).some((v) => v.includes(m as HttpMethod)));
      add(methods, uri, this.handler(terminal.args[2], group));
    } else if (name === "resource" || name === "apiResource") {
      this.resource(terminal.args[0], terminal.args[1], name === "apiResource", after, add);
    } else if (name === "resources" || name === "apiResources") {
      const map = terminal.args[0];
      if (map?.k !== "arr") return;
      for (const { key, value } of map.items) this.resource(key, value, name === "apiResources", after, add);
    }
  }

  private body(v: PhpVal, group: Group, file: string): void {
    if (v.k === "fn") this.run(v.body, group, file);
    else if (v.k === "file") this.load(resolveFile(file, v.path), group);
  }

  private resource(
    nameVal: PhpVal | undefined,
    controllerVal: PhpVal | undefined,
    api: boolean,
    after: PhpSeg[],
    add: (methods: HttpMethod[], path: string, handler: string) => void,
  ): void {
    const name = str(nameVal);
    if (!name) return;
    const controller = controllerVal?.k === "class" ? controllerVal.name : (str(controllerVal) ?? "");
    let only: string[] | undefined;
    let except: string[] = [];
    const params: Record<string, string> = {};
    for (const s of after) {
      if (s.name === "only") only = s.args.flatMap(strings);
      if (s.name === "except") except = s.args.flatMap(strings);
      if (s.name === "parameters" && s.args[0]?.k === "arr")
        for (const { key, value } of s.args[0].items)
          if (str(key) && str(value)) params[str(key)!] = str(value)!;
    }
    // `photos.comments` → /photos/{photo}/comments/{comment}
    const parts = name.split(".");
    const param = (p: string) => params[p] ?? singular(p).replace(/-/g, "_");
    const base = parts.map((p, i) => (i < parts.length - 1 ? `${p}/{${param(p)}}` : p)).join("/");
    const member = `${base}/{${param(parts[parts.length - 1]!)}}`;
    for (const [action, method, where] of RESOURCE_ACTIONS) {
      if (api && (action === "create" || action === "edit")) continue;
      if ((only && !only.includes(action)) || except.includes(action)) continue;
      const path =
        where === "index"
          ? base
          : where === "new"
            ? `${base}/create`
            : where === "edit"
              ? `${member}/edit`
              : member;
      add([method], path, `${controller}.${action}`);
    }
  }

  /** `[C::class, 'm']`, `'C@m'`, `C::class` (invokable), an action of the group's controller, a closure. */
  private handler(v: PhpVal | undefined, group: Group): string {
    if (!v) return "<inline>";
    if (v.k === "arr") {
      const [cls, method] = v.items.map((x) => x.value);
      const name = cls?.k === "class" ? cls.name : str(cls)?.split("\\").pop();
      return name ? `${name}.${str(method) ?? "__invoke"}` : "<inline>";
    }
    if (v.k === "class") return `${v.name}.__invoke`;
    const s = str(v);
    if (s?.includes("@")) {
      const [cls, method] = s.split("@");
      return `${cls!.split("\\").pop()}.${method}`;
    }
    if (s && group.controller) return `${group.controller}.${s}`;
    return s ?? "<inline>";
  }
}

function applyAttr(group: Group, seg: PhpSeg): void {
  const arg = seg.args[0];
  if (seg.name === "prefix") group.prefix = joinUri(group.prefix, str(arg) ?? "");
  else if (seg.name === "middleware") group.middleware.push(...strings(arg));
  else if (seg.name === "controller" && arg?.k === "class") group.controller = arg.name;
}

function applyArrayAttrs(group: Group, attrs: Extract<PhpVal, { k: "arr" }>): void {
  for (const { key, value } of attrs.items) {
    const k = str(key);
    if (k === "prefix") group.prefix = joinUri(group.prefix, str(value) ?? "");
    else if (k === "middleware") group.middleware.push(...strings(value));
    else if (k === "controller" && value.k === "class") group.controller = value.name;
  }
}

function str(v: PhpVal | undefined): string | undefined {
  return v?.k === "str" ? v.v : undefined;
}

function strings(v: PhpVal | undefined): string[] {
  if (!v) return [];
  if (v.k === "arr") return v.items.flatMap((i) => strings(i.value));
  return v.k === "str" ? [v.v] : [];
}

/** One slash between parts; `{id?}` → `{id}`. */
function joinUri(a: string, b: string): string {
  const parts = [...a.split("/"), ...b.split("/")].filter((s) => s !== "");
  return `/${parts.join("/")}`.replace(/\{(\w+)\?\}/g, "{$1}");
}

/** A file reference relative to the file that makes it (`__DIR__.'/auth.php'`), or from the project root (`base_path`). */
function resolveFile(from: string, written: string): string {
  if (written.startsWith("/")) return posix.normalize(posix.join(posix.dirname(from), written));
  return posix.normalize(written);
}

function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}
