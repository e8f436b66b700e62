// The instances of an instance-based framework and how they connect: every receiver of a call
// is traced to an instance (an app or router created somewhere, a plugin function's parameter,
// a router factory's return value); mounts add edges with a prefix; routes hang on instances.

import type { FileFacts } from "../scanner.js";
import type { HttpMethod } from "../types.js";
import { folderPlugins } from "./autoload.js";
import { type Action, type Dialect, HTTP_METHODS, type RouteInfo } from "./dialect.js";
import { handlerName } from "./handler-name.js";
import type { CallFact, JsModule } from "./module-facts.js";
import type { JsProgram } from "./program.js";
import { propOf, stringOf, type Value } from "./value.js";
import { looksLikeAuth, middlewareName, nameOf, unname } from "./written-names.js";

export interface Edge {
  parent: string;
  child: string;
  /** Undefined: written, but a value the scan cannot fold (the child's routes are left out). */
  prefix: string | undefined;
  /** The child was derived from the parent (`app.basePath("/api")`), not mounted on it. */
  derived?: true;
}

export interface RouteOnInstance {
  node: string;
  info: RouteInfo;
  handler: string;
  fn?: Value;
  auth: boolean;
}

type RouteAction = Extract<Action, { kind: "route" }>;

export class InstanceGraph {
  readonly created = new Set<string>();
  readonly ownPrefix = new Map<string, string>();
  /** Instances whose own prefix is written but cannot be folded: their routes are left out. */
  readonly unknownPrefix = new Set<string>();
  readonly edges: Edge[] = [];
  readonly guarded = new Set<string>();
  readonly routes: RouteOnInstance[] = [];
  private readonly jsFiles: string[];

  constructor(
    private readonly dialect: Dialect,
    private readonly program: JsProgram,
    private readonly files: readonly FileFacts<JsModule>[],
  ) {
    this.jsFiles = files.map((f) => f.path);
  }

  /** The instance a value stands for, as a node name; undefined when it is none. */
  nodeOf(raw: Value, file: string, depth = 0): string | undefined {
    if (depth > 12) return undefined;
    const v = this.program.resolve(raw, file);
    switch (v.k) {
      case "param":
        return paramNode(v.fn, v.index, v.path);
      case "fn":
        return paramNode(v.id, 0);
      case "id":
        return `global@${file}#${v.name}`;
      case "get": {
        // `env.app` where `register(env)` is handed `{ app }`: the instance in that property.
        const prop = stringOf(v.prop);
        if (v.of.k === "param" && prop !== undefined)
          return paramNode(v.of.fn, v.of.index, [...(v.of.path ?? []), prop]);
        return this.heldNode(v, depth);
      }
      case "call":
        return this.callNode(v, file, depth);
      default:
        return undefined;
    }
  }

  /** `routers(app).v1` where `function routers(app) { …; return { v1, v2 } }`. */
  private heldNode(v: Extract<Value, { k: "get" }>, depth: number): string | undefined {
    const { program } = this;
    const name = stringOf(v.prop);
    if (v.of.k !== "call" || v.of.fn.k !== "fn" || v.of.isNew || name === undefined) return undefined;
    const fnFile = program.fileOfFn(v.of.fn.id);
    const held = propOf(program.resolve(program.apply(v.of.fn.id, v.of.args) ?? { k: "null" }, fnFile), name);
    return held ? this.nodeOf(held, fnFile, depth + 1) : undefined;
  }

  private callNode(v: Extract<Value, { k: "call" }>, file: string, depth: number): string | undefined {
    const { dialect, program } = this;
    const inner = dialect.unwrap?.(v);
    if (inner) return this.nodeOf(inner, file, depth + 1);
    const creation = dialect.creates(v, program);
    if (creation) return this.createdNode(v, creation.prefix, file);
    if (v.fn.k === "get") {
      const method = stringOf(v.fn.prop) ?? "";
      if (dialect.passthrough.has(method) || HTTP_METHODS.has(method))
        return this.nodeOf(v.fn.of, file, depth + 1);
      const prefix = dialect.derives?.(method, v.args);
      if (prefix !== undefined) return this.derivedNode(v, v.fn.of, prefix, file, depth);
    }
    if (v.fn.k === "fn") {
      const applied = program.apply(v.fn.id, v.args);
      if (applied) return this.nodeOf(applied, program.fileOfFn(v.fn.id), depth + 1);
    }
    // A call we cannot see into (a factory from outside the tree): the call site is the instance.
    return `value@${v.at}`;
  }

  private createdNode(
    v: Extract<Value, { k: "call" }>,
    prefixValue: Value | undefined,
    file: string,
  ): string {
    const node = `new@${v.at}`;
    if (!this.created.has(node)) {
      this.created.add(node);
      this.setOwnPrefix(node, prefixValue, file);
    }
    return node;
  }

  /** `router.route("/x")`, `app.basePath("/api")`: a new instance under its receiver. */
  private derivedNode(
    v: Extract<Value, { k: "call" }>,
    of: Value,
    prefix: Value,
    file: string,
    depth: number,
  ): string {
    const parent = this.nodeOf(of, file, depth + 1);
    const node = `derived@${v.at}`;
    // The derived instance's prefix is its own: mounted elsewhere (`app.route("/x", v2)` with
    // `v2 = new Hono().basePath("/v2")`), its routes are at `/x/v2/…`, as Hono copies them.
    if (parent && !this.edges.some((e) => e.child === node)) {
      this.edges.push({ parent, child: node, prefix: "", derived: true });
      this.setOwnPrefix(node, prefix, file);
    }
    return node;
  }

  /**
   * `routes(app)`: the project function's parameter is the instance it was handed, so the routes
   * it adds to it hang under that instance (an edge without a prefix).
   */
  handOver(call: CallFact, file: string, fn: Value, calls = false): void {
    if (fn.k !== "fn") return;
    const hand = (arg: Value, at: string, child: string, inlined: boolean) => {
      // A local `const router = new Router()` is inlined as its call (`calls`: member calls);
      // `this.router` is a property of an instance; `build(express(), conf)` hands the instance
      // the framework creates right there; `server(app)` inside `function start(app)` hands on
      // the instance its own caller handed it.
      if (arg.k !== "id" && arg.k !== "get" && arg.k !== "call" && arg.k !== "param") return;
      if (arg.k === "call" && !inlined && !this.creates(arg, at)) return;
      const parent = this.nodeOf(arg, at);
      if (parent && parent !== child && !this.edges.some((e) => e.parent === parent && e.child === child))
        this.edges.push({ parent, child, prefix: "" });
    };
    call.args.forEach((arg, index) => {
      // `register({ app, auth })`, or `register(env)` with `const env = { app }`: each property
      // is handed to the parameter's property (`env.app`).
      const held = arg.k === "id" ? this.program.deref(arg, file) : undefined;
      const obj = arg.k === "obj" ? { v: arg, file } : held?.v.k === "obj" ? held : undefined;
      if (obj?.v.k === "obj")
        for (const [key, value] of obj.v.props) hand(value, obj.file, paramNode(fn.id, index, [key]), true);
      else hand(arg, file, paramNode(fn.id, index), calls);
    });
  }

  /** `express()`, `new Router()`: a call that creates one of the framework's instances. */
  private creates(call: Value, file: string): boolean {
    const v = this.program.resolve(call, file);
    return v.k === "call" && this.dialect.creates(v, this.program) !== undefined;
  }

  apply(action: Action, recv: string, file: string, line: number): void {
    if (action.kind === "mount") this.mount(action, recv, file);
    else if (action.kind === "folder") this.folder(action.options, recv, file);
    else if (action.kind === "prefix") this.setOwnPrefix(recv, unname(action.prefix), file);
    else if (action.kind === "guard") {
      if (!looksLikeAuth(middlewareName(nameOf(action.middleware), this.program))) return;
      const target = action.child ? this.nodeOf(unname(action.child), file) : recv;
      if (target) this.guarded.add(target);
    } else this.route(action, recv, file, line);
  }

  private mount(action: Extract<Action, { kind: "mount" }>, recv: string, file: string): void {
    const { program } = this;
    const child = this.nodeOf(unname(action.child), file);
    if (!child) return;
    const shares = this.dialect.sharesPrefix?.(unname(action.child), program) ?? false;
    // No prefix written: the child is served at the parent's path; one written but not folded
    // is unknown, never "" (routes resting on it are left out).
    const prefix = shares || !action.prefix ? "" : stringOf(program.resolve(unname(action.prefix), file));
    this.edges.push({ parent: recv, child, prefix });
    // The plugin's options are known where it is registered: its schemas may be built from them.
    const plugin = program.resolve(unname(action.child), file);
    if (plugin.k === "fn")
      for (const [i, a] of (action.pluginArgs ?? []).entries())
        if (a) program.bindParam(plugin.id, i, program.resolve(a, file));
  }

  /** `new Router({ prefix })`, `router.prefix(p)`: the instance's own prefix, or unknown. */
  private setOwnPrefix(node: string, value: Value | undefined, file: string): void {
    if (!value) return;
    const prefix = stringOf(this.program.resolve(value, file));
    if (prefix === undefined) this.unknownPrefix.add(node);
    else {
      this.unknownPrefix.delete(node);
      this.ownPrefix.set(node, prefix);
    }
  }

  private folder(options: Value | undefined, recv: string, file: string): void {
    // The instance loading a folder of route plugins is the framework's, created or not.
    this.created.add(recv);
    for (const plugin of folderPlugins(options, file, this.jsFiles, this.program)) {
      const child = this.nodeOf(plugin.value, file);
      if (!child) continue;
      const shares = this.dialect.sharesPrefix?.(plugin.value, this.program) ?? false;
      this.edges.push({ parent: recv, child, prefix: shares ? "" : plugin.prefix });
      if (plugin.hooks.some((hook) => this.addsAuthHook(hook))) this.guarded.add(child);
    }
  }

  /** An autohooks file that adds an auth-looking hook (`addHook("onRequest", fastify.authenticate)`). */
  private addsAuthHook(hookFile: string): boolean {
    return (this.files.find((f) => f.path === hookFile)?.facts.calls ?? []).some(
      (c) =>
        stringOf(c.method) === "addHook" &&
        c.args.some((a) => looksLikeAuth(middlewareName(a, this.program))),
    );
  }

  private route(action: RouteAction, recv: string, file: string, line: number): void {
    if (action.derivedOnly && !recv.startsWith("derived@")) return;
    const methods = [action.method]
      .flatMap((m) => (m.k === "arr" ? m.items : [m]))
      .map((m) => stringOf(m)?.toLowerCase());
    const written = stringOf(this.program.resolve(unname(action.path), file));
    if (written === undefined) return;
    for (const path of this.dialect.expandPath?.(written) ?? [written])
      this.addRoute(action, recv, file, line, methods, path);
  }

  private addRoute(
    action: RouteAction,
    recv: string,
    file: string,
    line: number,
    methods: (string | undefined)[],
    path: string,
  ): void {
    for (const m of methods) {
      if (!m || !HTTP_METHODS.has(m)) continue;
      const info: RouteInfo = {
        file,
        line,
        method: m.toUpperCase() as HttpMethod,
        path,
        middlewares: action.middlewares.map(unname),
        writtenMiddlewares: action.middlewares.map(nameOf),
        ...(action.options
          ? { options: unname(action.options), writtenOptions: nameOf(action.options) }
          : {}),
      };
      this.routes.push({
        node: recv,
        info,
        handler: handlerName(action.handler ? nameOf(action.handler) : undefined, this.program),
        ...(action.handler ? { fn: unname(action.handler) } : {}),
        auth: action.middlewares.some((mw) => looksLikeAuth(middlewareName(nameOf(mw), this.program))),
      });
    }
  }
}

/** The node of a function's parameter, or of a property path inside it (`env.app`). */
const paramNode = (fn: string, index: number, path: readonly string[] = []): string =>
  `param@${fn}#${index}${path.map((p) => `.${p}`).join("")}`;
