// Links the Go files of a tree into routes: evaluates every function once, following the values
// that are routers (gin engines and groups, net/http ServeMuxes) through bindings, `Group`
// prefixes and calls of project functions and methods that take a router (the callee's parameter
// becomes a child of the argument). Anything else is unknown, never guessed.

import { posix } from "node:path";
import type { FileFacts } from "../../scanner.js";
import type { HttpMethod } from "../../types.js";
import type { GoExpr, GoFileFacts, GoFunc, GoStruct } from "./go-facts.js";

export type RouterKind = "gin" | "net/http";

export interface GoRoute {
  node: string;
  method: HttpMethod;
  path: string;
  handler: GoExpr | undefined;
  middlewares: GoExpr[];
  /** The package folder and scope the route was written in (to find its handler). */
  dir: string;
  scope: Scope;
  file: string;
  line: number;
}

export type GoValue =
  | { t: "node"; id: string }
  | { t: "str"; v: string }
  | { t: "pkg"; dir: string }
  | { t: "ext"; path: string }
  | { t: "typed"; type: string }
  | { t: "unknown" };

export type Scope = Map<string, GoValue>;

interface Edge {
  parent: string;
  child: string;
  prefix: string;
}

const VERBS: Record<string, HttpMethod[]> = {
  GET: ["GET"],
  POST: ["POST"],
  PUT: ["PUT"],
  PATCH: ["PATCH"],
  DELETE: ["DELETE"],
  HEAD: ["HEAD"],
  OPTIONS: ["OPTIONS"],
  // gin's Any registers every method; the manifest's methods are these seven.
  Any: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
};
const UNKNOWN: GoValue = { t: "unknown" };

/** A parameter or field type that holds a router. */
function routerKindOfType(type: string): RouterKind | undefined {
  const bare = type.replace(/^\*/, "");
  if (/^gin\.(Engine|RouterGroup|IRouter|IRoutes)$/.test(bare)) return "gin";
  if (/^http\.ServeMux$/.test(bare)) return "net/http";
  return undefined;
}

export class GoProgram {
  readonly routes: GoRoute[] = [];
  readonly edges: Edge[] = [];
  readonly kinds = new Map<string, RouterKind>();
  readonly guarded = new Set<string>();
  /** Package folder → its files' facts. */
  readonly packages = new Map<string, FileFacts<GoFileFacts>[]>();
  private counter = 0;

  constructor(files: readonly FileFacts<GoFileFacts>[]) {
    for (const f of files) {
      const dir = posix.dirname(f.path);
      const list = this.packages.get(dir) ?? [];
      list.push(f);
      this.packages.set(dir, list);
    }
  }

  run(): void {
    for (const [dir, files] of this.packages) {
      for (const f of files) {
        for (const fn of f.facts.funcs) this.evaluateFunc(fn, dir, f.path, new Map());
      }
    }
  }

  /** The prefixes a router node is reached under (every chain of mounts to a root). */
  chains(node: string, seen = new Set<string>()): { prefix: string; kind?: RouterKind; guarded: boolean }[] {
    const parents = this.edges.filter((e) => e.child === node && !seen.has(e.parent));
    const own = { kind: this.kinds.get(node), guarded: this.guarded.has(node) };
    if (parents.length === 0) return [{ prefix: "", ...own }];
    return parents.flatMap((e) =>
      this.chains(e.parent, new Set([...seen, node])).map((c) => ({
        prefix: joinGo(c.prefix, e.prefix),
        kind: c.kind ?? own.kind,
        guarded: c.guarded || own.guarded,
      })),
    );
  }

  /** The functions of a package folder named `name` (methods too when `recv` is given). */
  findFuncs(
    dir: string | undefined,
    name: string,
    recv?: string,
  ): { fn: GoFunc; dir: string; file: string }[] {
    const out: { fn: GoFunc; dir: string; file: string }[] = [];
    for (const [d, files] of this.packages) {
      if (dir !== undefined && d !== dir) continue;
      for (const f of files)
        for (const fn of f.facts.funcs)
          if (fn.name === name && (recv === undefined ? !fn.recv : fn.recv === recv))
            out.push({ fn, dir: d, file: f.path });
    }
    return out;
  }

  /** Methods named `name` on any type (a receiver whose type is not known). */
  findMethods(name: string, recv: string | undefined): { fn: GoFunc; dir: string; file: string }[] {
    const out: { fn: GoFunc; dir: string; file: string }[] = [];
    for (const [d, files] of this.packages)
      for (const f of files)
        for (const fn of f.facts.funcs)
          if (fn.recv && fn.name === name && (recv === undefined || fn.recv === recv))
            out.push({ fn, dir: d, file: f.path });
    return out;
  }

  struct(name: string): { struct: GoStruct; file: string } | undefined {
    const bare = name.replace(/^\*/, "").split(".").pop()!;
    for (const files of this.packages.values())
      for (const f of files) {
        const struct = f.facts.structs.find((s) => s.name === bare);
        if (struct) return { struct, file: f.path };
      }
    return undefined;
  }

  /** The project folder an import path names (its longest matching suffix). */
  packageDir(importPath: string): string | undefined {
    let best: string | undefined;
    for (const dir of this.packages.keys()) {
      const ok = dir === "." ? false : importPath === dir || importPath.endsWith(`/${dir}`);
      if (ok && (!best || dir.length > best.length)) best = dir;
    }
    return best;
  }

  private paramNode(fn: GoFunc, dir: string, index: number): string {
    return `param:${dir}:${fn.recv ?? ""}.${fn.name}:${fn.line}#${index}`;
  }

  private evaluateFunc(fn: GoFunc, dir: string, file: string, outer: Scope): void {
    const scope: Scope = new Map(outer);
    if (fn.self) scope.set(fn.self.name, { t: "typed", type: fn.self.type });
    fn.params.forEach((p, i) => {
      const kind = routerKindOfType(p.type);
      if (kind) {
        const id = this.paramNode(fn, dir, i);
        if (!this.kinds.has(id)) this.kinds.set(id, kind);
        scope.set(p.name, { t: "node", id });
      } else scope.set(p.name, p.type ? { t: "typed", type: p.type } : UNKNOWN);
    });
    for (const stmt of fn.body) {
      if (stmt.s === "bind") {
        const value = stmt.value
          ? this.evaluate(stmt.value, scope, dir, file)
          : stmt.type
            ? { t: "typed" as const, type: stmt.type }
            : UNKNOWN;
        for (const name of stmt.names)
          if (name !== "_") scope.set(name, stmt.names.length === 1 ? value : UNKNOWN);
      } else this.evaluate(stmt.call, scope, dir, file);
    }
  }

  evaluate(e: GoExpr, scope: Scope, dir: string, file: string): GoValue {
    switch (e.k) {
      case "str":
        return { t: "str", v: e.v };
      case "bin": {
        const l = this.evaluate(e.l, scope, dir, file);
        const r = this.evaluate(e.r, scope, dir, file);
        return l.t === "str" && r.t === "str" ? { t: "str", v: l.v + r.v } : UNKNOWN;
      }
      case "lit":
        return { t: "typed", type: e.type };
      case "id":
        return scope.get(e.name) ?? this.global(e.name, dir, file);
      case "sel": {
        const x = this.evaluate(e.x, scope, dir, file);
        if (x.t === "pkg") return this.constIn(x.dir, e.name) ?? UNKNOWN;
        if (x.t === "ext") return { t: "ext", path: `${x.path}.${e.name}` };
        if (x.t === "typed") return this.field(x.type, e.name);
        return UNKNOWN;
      }
      case "call":
        return this.call(e, scope, dir, file);
      default:
        return UNKNOWN;
    }
  }

  private global(name: string, dir: string, file: string): GoValue {
    const c = this.constIn(dir, name);
    if (c) return c;
    const facts = this.packages.get(dir)?.find((f) => f.path === file)?.facts;
    const imported = facts?.imports[name];
    if (imported !== undefined) {
      const pkgDir = this.packageDir(imported);
      return pkgDir !== undefined ? { t: "pkg", dir: pkgDir } : { t: "ext", path: imported };
    }
    return UNKNOWN;
  }

  private constIn(dir: string, name: string): GoValue | undefined {
    for (const f of this.packages.get(dir) ?? []) {
      const c = f.facts.consts[name];
      if (c) {
        const v = this.evaluate(c, new Map(), dir, f.path);
        return v.t === "str" ? v : undefined;
      }
    }
    return undefined;
  }

  /** `c.Router` where c's struct has a router field: one node per struct field, wherever it is read. */
  private field(type: string, name: string): GoValue {
    const found = this.struct(type);
    const field = found?.struct.fields.find((f) => f.name === name);
    if (!field) return UNKNOWN;
    const kind = routerKindOfType(field.type);
    if (!kind) return { t: "typed", type: field.type };
    const id = `field:${found!.struct.name}.${name}`;
    if (!this.kinds.has(id)) this.kinds.set(id, kind);
    return { t: "node", id };
  }

  private newNode(kind: RouterKind): string {
    const id = `new:${this.counter++}`;
    this.kinds.set(id, kind);
    return id;
  }

  private call(e: Extract<GoExpr, { k: "call" }>, scope: Scope, dir: string, file: string): GoValue {
    const args = e.args.map((a) => (a.k === "func" ? UNKNOWN : this.evaluate(a, scope, dir, file)));
    if (e.fn.k === "id") {
      this.linkArgs(this.findFuncs(dir, e.fn.name), args);
      return UNKNOWN;
    }
    if (e.fn.k !== "sel") return UNKNOWN;
    const method = e.fn.name;
    const recv = this.evaluate(e.fn.x, scope, dir, file);
    if (recv.t === "ext") {
      const path = `${recv.path}.${method}`;
      if (path === "github.com/gin-gonic/gin.Default" || path === "github.com/gin-gonic/gin.New")
        return { t: "node", id: this.newNode("gin") };
      if (path === "net/http.NewServeMux") return { t: "node", id: this.newNode("net/http") };
      if (path === "net/http.HandleFunc" || path === "net/http.Handle") {
        if (!this.kinds.has("mux:default")) this.kinds.set("mux:default", "net/http");
        this.muxRoute("mux:default", e, args, scope, dir, file);
      }
      return UNKNOWN;
    }
    if (recv.t === "pkg") {
      this.linkArgs(this.findFuncs(recv.dir, method), args);
      return UNKNOWN;
    }
    if (recv.t === "node") return this.routerCall(recv.id, e, method, args, scope, dir, file);
    // A method of a project type that takes a router (`h.RegisterRoutes(api)`).
    if (args.some((a) => a.t === "node")) {
      // `*pkg.Pages[string]` → `Pages`: methods are filed under the bare type name.
      const type =
        recv.t === "typed" ? recv.type.replace(/^\*/, "").replace(/\[.*$/, "").split(".").pop() : undefined;
      const known = type ? this.findMethods(method, type) : [];
      this.linkArgs(known.length > 0 ? known : this.findMethods(method, undefined), args);
    }
    return UNKNOWN;
  }

  /** A router passed to a project function: the function's parameter hangs under it. */
  private linkArgs(callees: { fn: GoFunc; dir: string }[], args: GoValue[]): void {
    for (const { fn, dir } of callees) {
      args.forEach((a, i) => {
        if (a.t !== "node" || !fn.params[i] || !routerKindOfType(fn.params[i]!.type)) return;
        const child = this.paramNode(fn, dir, i);
        if (!this.edges.some((x) => x.parent === a.id && x.child === child))
          this.edges.push({ parent: a.id, child, prefix: "" });
      });
    }
  }

  private routerCall(
    node: string,
    e: Extract<GoExpr, { k: "call" }>,
    method: string,
    args: GoValue[],
    scope: Scope,
    dir: string,
    file: string,
  ): GoValue {
    const kind = this.kinds.get(node);
    const at = { dir, scope, file, line: e.line };
    if (method === "Group") {
      const child = this.newNode(kind ?? "gin");
      this.edges.push({ parent: node, child, prefix: args[0]?.t === "str" ? args[0].v : "" });
      for (const mw of e.args.slice(1)) if (looksLikeAuth(mw)) this.guarded.add(child);
      return { t: "node", id: child };
    }
    if (method === "Use") {
      if (e.args.some(looksLikeAuth)) this.guarded.add(node);
      return { t: "node", id: node };
    }
    if (kind === "net/http" && (method === "HandleFunc" || method === "Handle")) {
      this.muxRoute(node, e, args, scope, dir, file);
      return UNKNOWN;
    }
    const verbs = VERBS[method];
    if (verbs && args[0]?.t === "str") {
      for (const m of verbs) this.addRoute(node, m, args[0].v, e.args.slice(1), at);
      return { t: "node", id: node };
    }
    if ((method === "Handle" || method === "Match") && args[1]?.t === "str") {
      const methods = args[0]?.t === "str" ? [args[0].v] : [];
      for (const m of methods) {
        const upper = m.toUpperCase() as HttpMethod;
        if (VERBS[upper]) this.addRoute(node, upper, args[1].v, e.args.slice(2), at);
      }
    }
    return UNKNOWN;
  }

  /** `mux.HandleFunc("GET /items/{id}", h)` (Go 1.22 patterns; a pattern without a method is GET). */
  private muxRoute(
    node: string,
    e: Extract<GoExpr, { k: "call" }>,
    args: GoValue[],
    scope: Scope,
    dir: string,
    file: string,
  ): void {
    if (args[0]?.t !== "str") return;
    const pattern = args[0].v.trim();
    const space = pattern.indexOf(" ");
    const method = space > 0 ? pattern.slice(0, space).toUpperCase() : "GET";
    let path = space > 0 ? pattern.slice(space + 1).trim() : pattern;
    if (!path.startsWith("/")) path = path.slice(Math.max(path.indexOf("/"), 0));
    if (!VERBS[method]) return;
    this.addRoute(node, method as HttpMethod, path, e.args.slice(1), { dir, scope, file, line: e.line });
  }

  private addRoute(
    node: string,
    method: HttpMethod,
    path: string,
    handlers: GoExpr[],
    at: { dir: string; scope: Scope; file: string; line: number },
  ): void {
    this.routes.push({
      node,
      method,
      path,
      handler: handlers[handlers.length - 1],
      middlewares: handlers.slice(0, -1),
      ...at,
    });
  }
}

function looksLikeAuth(e: GoExpr): boolean {
  const text = JSON.stringify(e).toLowerCase();
  return ["auth", "jwt", "token", "login", "session", "protect", "apikey", "api_key"].some((w) =>
    text.includes(w),
  );
}

/** gin's joinPaths: one slash between parts, a trailing slash of the last part kept. */
export function joinGo(prefix: string, path: string): string {
  if (path === "") return prefix;
  const joined = posix.join(prefix || "/", path);
  return path.endsWith("/") && !joined.endsWith("/") ? `${joined}/` : joined;
}

/** `:id` and `*rest` (gin), `{id}` and `{rest...}` (ServeMux) → `{id}`; `{$}` is the end. */
export function templateGoPath(path: string): string {
  const out = path
    .split("/")
    .map((s) => {
      if (s.startsWith(":")) return `{${s.slice(1)}}`;
      if (s.startsWith("*")) return `{${s.slice(1) || "path"}}`;
      if (s === "{$}") return "";
      if (s.startsWith("{") && s.endsWith("}")) return `{${s.slice(1, -1).replace(/\.\.\.$/, "")}}`;
      return s;
    })
    .join("/");
  return out === "" ? "/" : out;
}
