// Links the route registrations of instance-based frameworks (Express, Fastify, Koa, Hono):
// every receiver of a call is traced to an instance (an app or router created somewhere, a
// plugin function's parameter, a router factory's return value); mounts connect instances with
// a prefix; each route's full path is the chain of prefixes from a root instance down to it.

import type { FileFacts, LinkContext, ScanContribution } from "../scanner.js";
import type { Endpoint, HttpMethod, Param } from "../types.js";
import { folderPlugins } from "./autoload.js";
import { DeclaredTypes } from "./declared-types.js";
import { expandLoops } from "./expand-loops.js";
import { handlerName } from "./handler-name.js";
import { addHandlerReads, type ReadTable } from "./handler-reads.js";
import { type CallFact, type JsModule, PLAIN_CALL } from "./module-facts.js";
import { joinPaths, pathParams, templatePath } from "./paths.js";
import { JsProgram, outsideModules } from "./program.js";
import { SchemaReader } from "./schema-reader.js";
import { addTypedHandler } from "./typed-handler.js";
import { propOf, stringOf, type Value } from "./value.js";

export const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** A literal HTTP method name, any case (`"GET"`, `"post"`). */
export const isVerb = (v: Value | undefined): boolean =>
  v?.k === "str" && HTTP_METHODS.has(v.v.toLowerCase());

export type Action =
  | {
      kind: "route";
      method: Value;
      path: Value;
      handler?: Value;
      middlewares: Value[];
      options?: Value;
      /** Only on an instance a `derives` method made (`router.route("/x").get(handler)`). */
      derivedOnly?: boolean;
    }
  /** `pluginArgs`: what the framework passes the child plugin, by parameter (Fastify: `[, options]`). */
  | { kind: "mount"; prefix?: Value; child: Value; pluginArgs?: (Value | undefined)[] }
  | { kind: "prefix"; prefix: Value }
  /** Every plugin file of a folder, each under its folder's prefix (`@fastify/autoload`). */
  | { kind: "folder"; options?: Value }
  /** An auth-looking middleware guards the receiver, or only `child` when given. */
  | { kind: "guard"; middleware: Value; child?: Value };

export interface RouteInfo {
  file: string;
  line: number;
  method: HttpMethod;
  path: string;
  /** Resolved route options (Fastify's schema, …). */
  options?: Value;
  /** The options as written, names unresolved (so a schema constant keeps its name). */
  writtenOptions?: Value;
  middlewares: Value[];
  /** The middlewares as written (validators keep their schema's name). */
  writtenMiddlewares: Value[];
}

/** What one framework adds to the shared linking. */
export interface Dialect {
  name: string;
  /** Packages whose import shows the framework is used; a tree importing none is skipped. */
  packages: readonly string[];
  /** Methods besides the HTTP verbs whose calls matter (mounts, prefixes, routes). */
  methods: ReadonlySet<string>;
  /** A resolved call that creates an app or router; its own prefix if the creation sets one. */
  creates(call: Extract<Value, { k: "call" }>, program: JsProgram): { prefix?: Value } | undefined;
  /** Methods that return their receiver (chaining, type-provider views). */
  passthrough: ReadonlySet<string>;
  /** A method that returns a new instance under a prefix (`router.route("/x")`, `basePath`). */
  derives?(method: string, args: Value[]): Value | undefined;
  /** What a call on an instance does. */
  actions(method: string, args: Value[]): Action[];
  /** An instance the framework owns though nothing visible created it (a typed plugin parameter). */
  claims?(node: string, program: JsProgram): boolean;
  /** Parameters, DTOs, responses and auth from a route's options. */
  describe?(route: RouteInfo, endpoint: Endpoint, schemas: SchemaReader, program: JsProgram): void;
  /** Handlers typed `Request<P, Res, Body, Query>` / `Response<Res>` name their DTOs (Express). */
  typedHandlers?: boolean;
  /** How a handler's reads of its request object map to parameters (handler-reads.ts). */
  reads?: ReadTable;
  /** A wrapper call whose instance is its argument's (`fp(plugin)` is the plugin). */
  unwrap?(call: Extract<Value, { k: "call" }>): Value | undefined;
  /**
   * Routes registered verb first (`this.route("GET", "/users", handler)`, a project's router
   * class wrapping the framework's): calls whose first argument is an HTTP method name matter.
   */
  verbFirst?: boolean;
  /** The paths one written route path stands for (Express `/a|b` alternations); default itself. */
  expandPath?(path: string): string[];
  /** A mount whose child shares its parent's prefix (fastify-plugin). */
  sharesPrefix?(child: Value, program: JsProgram): boolean;
}

interface Edge {
  parent: string;
  child: string;
  prefix: string;
}

const AUTH_WORDS = [
  "auth",
  "jwt",
  "guard",
  "token",
  "passport",
  "protect",
  "session",
  "login",
  "requireuser",
  "verify",
];
const looksLikeAuth = (name: string): boolean => AUTH_WORDS.some((w) => name.toLowerCase().includes(w));

export function linkApps(
  dialect: Dialect,
  files: readonly FileFacts<JsModule>[],
  ctx: LinkContext,
): ScanContribution {
  // A tree that never imports the framework has none of its apps: nothing to build.
  const uses = files.some(({ facts }) =>
    Object.values(facts.bindings).some((b) => {
      const from = importedFrom(b);
      return from !== undefined && dialect.packages.includes(from);
    }),
  );
  if (!uses) return { endpoints: [], dtos: [], types: [] };
  const program = new JsProgram(files, outsideModules(ctx), ctx.readFile);
  const jsFiles = files.map((f) => f.path);
  // An autohooks file that adds an auth-looking hook (`addHook("onRequest", fastify.authenticate)`).
  const addsAuthHook = (hookFile: string) =>
    (files.find((f) => f.path === hookFile)?.facts.calls ?? []).some(
      (c) =>
        stringOf(c.method) === "addHook" && c.args.some((a) => looksLikeAuth(middlewareName(a, program))),
    );
  const schemas = new SchemaReader(program);
  // Declared interfaces and classes are read only by a dialect that types its handlers (Express).
  const declared = dialect.typedHandlers ? new DeclaredTypes(program) : undefined;
  const created = new Set<string>();
  const ownPrefix = new Map<string, string>();
  const edges: Edge[] = [];
  const guarded = new Set<string>();
  const routes: { node: string; info: RouteInfo; handler: string; fn?: Value; auth: boolean }[] = [];

  const nodeOf = (raw: Value, file: string, depth = 0): string | undefined => {
    if (depth > 12) return undefined;
    const v = program.resolve(raw, file);
    switch (v.k) {
      case "param":
        return `param@${v.fn}#${v.index}`;
      case "fn":
        return `param@${v.id}#0`;
      case "id":
        return `global@${file}#${v.name}`;
      case "get": {
        // `routers(app).v1` where `function routers(app) { …; return { v1, v2 } }`.
        const name = stringOf(v.prop);
        if (v.of.k !== "call" || v.of.fn.k !== "fn" || v.of.isNew || name === undefined) return undefined;
        const fnFile = program.fileOfFn(v.of.fn.id);
        const held = propOf(
          program.resolve(program.apply(v.of.fn.id, v.of.args) ?? { k: "null" }, fnFile),
          name,
        );
        return held ? nodeOf(held, fnFile, depth + 1) : undefined;
      }
      case "call": {
        const inner = dialect.unwrap?.(v);
        if (inner) return nodeOf(inner, file, depth + 1);
        const creation = dialect.creates(v, program);
        if (creation) {
          const node = `new@${v.at}`;
          if (!created.has(node)) {
            created.add(node);
            const prefix = stringOf(creation.prefix && program.resolve(creation.prefix, file));
            if (prefix) ownPrefix.set(node, prefix);
          }
          return node;
        }
        if (v.fn.k === "get") {
          const method = stringOf(v.fn.prop) ?? "";
          if (dialect.passthrough.has(method) || HTTP_METHODS.has(method))
            return nodeOf(v.fn.of, file, depth + 1);
          const prefix = dialect.derives?.(method, v.args);
          if (prefix !== undefined) {
            const parent = nodeOf(v.fn.of, file, depth + 1);
            const node = `derived@${v.at}`;
            if (parent && !edges.some((e) => e.child === node)) {
              edges.push({ parent, child: node, prefix: stringOf(program.resolve(prefix, file)) ?? "" });
            }
            return node;
          }
        }
        if (v.fn.k === "fn") {
          const applied = program.apply(v.fn.id, v.args);
          if (applied) return nodeOf(applied, program.fileOfFn(v.fn.id), depth + 1);
        }
        // A call we cannot see into (a factory from outside the tree): the call site is the instance.
        return `value@${v.at}`;
      }
      default:
        return undefined;
    }
  };

  const matters = (call: CallFact) =>
    call.method.k !== "str" ||
    HTTP_METHODS.has(call.method.v) ||
    dialect.methods.has(call.method.v) ||
    (dialect.verbFirst === true && isVerb(call.args[0]));

  // Project functions handed an instance or a value: `routes(app, prefix)`, and `routes.mount(app)`
  // reached through a module or object. Their string arguments are bound first, so a prefix the
  // function builds from its parameter (`${urlPrefix}/api`) resolves wherever its calls are read.
  const handed = new Map<CallFact, { fn: Value; member: boolean }>();
  for (const { path: file, facts } of files) {
    for (const call of facts.calls) {
      const plain = stringOf(call.method) === PLAIN_CALL.v;
      if (
        !plain &&
        (matters(call) || !call.args.some((a) => a.k === "id" || a.k === "call" || a.k === "get"))
      )
        continue;
      const fn = program.resolve(plain ? call.recv : { k: "get", of: call.recv, prop: call.method }, file);
      if (fn.k !== "fn") continue;
      handed.set(call, { fn, member: !plain });
      call.args.forEach((arg, index) => {
        const value = program.resolve(arg, file);
        if (stringOf(value) !== undefined) program.bindParam(fn.id, index, value);
      });
    }
  }

  for (const { path: file, facts } of files) {
    for (const call of facts.calls) {
      if (stringOf(call.method) === PLAIN_CALL.v || !matters(call)) {
        const to = handed.get(call);
        if (to) handOver(call, file, to.fn, to.member);
        continue;
      }
      const recv = nodeOf(call.recv, file);
      if (!recv) continue;
      const resolved = [
        program.resolve(call.method, file),
        ...call.args.map((a) => program.resolve(a, file)),
      ];
      for (const [method, ...args] of expandLoops(resolved, program, file)) {
        const name = stringOf(method);
        if (!name) continue;
        // Names (handlers, middlewares) are read from the arguments as written.
        const rawArgs = call.args;
        for (const action of dialect.actions(
          name,
          args.map((a, i) => (!rawArgs[i] || rawArgs[i]!.k === "fn" ? a : withName(a, rawArgs[i]!))),
        )) {
          applyAction(action, recv, file, call.line);
        }
      }
    }
  }

  /**
   * `routes(app)`: the project function's parameter is the instance it was handed, so the routes
   * it adds to it hang under that instance (an edge without a prefix).
   */
  function handOver(call: CallFact, file: string, fn: Value, calls = false): void {
    if (fn.k !== "fn") return;
    call.args.forEach((arg, index) => {
      // A local `const router = new Router()` is inlined as its call (`calls`: member calls);
      // `this.router` is a property of an instance.
      if (arg.k !== "id" && arg.k !== "get" && !(calls && arg.k === "call")) return;
      const parent = nodeOf(arg, file);
      const child = `param@${fn.id}#${index}`;
      if (parent && parent !== child && !edges.some((e) => e.parent === parent && e.child === child))
        edges.push({ parent, child, prefix: "" });
    });
  }

  function applyAction(action: Action, recv: string, file: string, line: number): void {
    if (action.kind === "mount") {
      const child = nodeOf(unname(action.child), file);
      if (!child) return;
      const shares = dialect.sharesPrefix?.(unname(action.child), program) ?? false;
      const prefix = shares
        ? ""
        : (stringOf(action.prefix && program.resolve(unname(action.prefix), file)) ?? "");
      edges.push({ parent: recv, child, prefix });
      // The plugin's options are known where it is registered: its schemas may be built from them.
      const plugin = program.resolve(unname(action.child), file);
      if (plugin.k === "fn")
        for (const [i, a] of (action.pluginArgs ?? []).entries())
          if (a) program.bindParam(plugin.id, i, program.resolve(a, file));
    } else if (action.kind === "folder") {
      // The instance loading a folder of route plugins is the framework's, created or not.
      created.add(recv);
      for (const plugin of folderPlugins(action.options, file, jsFiles, program)) {
        const child = nodeOf(plugin.value, file);
        if (!child) continue;
        const shares = dialect.sharesPrefix?.(plugin.value, program) ?? false;
        edges.push({ parent: recv, child, prefix: shares ? "" : plugin.prefix });
        if (plugin.hooks.some(addsAuthHook)) guarded.add(child);
      }
    } else if (action.kind === "prefix") {
      const prefix = stringOf(program.resolve(unname(action.prefix), file));
      if (prefix !== undefined) ownPrefix.set(recv, prefix);
    } else if (action.kind === "guard") {
      if (!looksLikeAuth(middlewareName(nameOf(action.middleware), program))) return;
      const target = action.child ? nodeOf(unname(action.child), file) : recv;
      if (target) guarded.add(target);
    } else {
      if (action.derivedOnly && !recv.startsWith("derived@")) return;
      const methods = [action.method]
        .flatMap((m) => (m.k === "arr" ? m.items : [m]))
        .map((m) => stringOf(m)?.toLowerCase());
      const written = stringOf(program.resolve(unname(action.path), file));
      if (written === undefined) return;
      for (const path of dialect.expandPath?.(written) ?? [written])
        addRoute(action, recv, file, line, methods, path);
    }
  }

  function addRoute(
    action: Extract<Action, { kind: "route" }>,
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
      routes.push({
        node: recv,
        info,
        handler: handlerName(action.handler ? nameOf(action.handler) : undefined, program),
        ...(action.handler ? { fn: unname(action.handler) } : {}),
        auth: action.middlewares.some((mw) => looksLikeAuth(middlewareName(nameOf(mw), program))),
      });
    }
  }

  // Instances of this framework: created by it, claimed by it, or mounted to/from one of those.
  const claimed = new Set(created);
  for (const r of routes) if (dialect.claims?.(r.node, program)) claimed.add(r.node);
  for (const e of edges) if (dialect.claims?.(e.child, program)) claimed.add(e.child);
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of edges) {
      if (claimed.has(e.parent) !== claimed.has(e.child)) {
        claimed.add(e.parent);
        claimed.add(e.child);
        changed = true;
      }
    }
  }
  const liveEdges = edges.filter((e) => claimed.has(e.parent));
  const prefixesOf = new Map<string, { prefix: string; guarded: boolean }[]>();
  const chains = (node: string, seen: Set<string>): { prefix: string; guarded: boolean }[] => {
    const cached = prefixesOf.get(node);
    if (cached) return cached;
    const own = ownPrefix.get(node) ?? "";
    const parents = liveEdges.filter((e) => e.child === node && !seen.has(e.parent));
    const out =
      parents.length === 0
        ? [{ prefix: own, guarded: guarded.has(node) }]
        : parents.flatMap((e) =>
            chains(e.parent, new Set([...seen, node])).map((c) => ({
              prefix: joinPaths(c.prefix, e.prefix, own),
              guarded: c.guarded || guarded.has(node),
            })),
          );
    prefixesOf.set(node, out);
    return out;
  };

  const endpoints: Endpoint[] = [];
  for (const r of routes) {
    if (!claimed.has(r.node)) continue;
    for (const chain of chains(r.node, new Set())) {
      // A route written with a trailing slash (`/items/`) keeps it, as the framework registers it.
      const slash = r.info.path.length > 1 && r.info.path.endsWith("/") ? "/" : "";
      const path = templatePath(joinPaths(chain.prefix, r.info.path)) + slash;
      const params: Param[] = pathParams(path).map((name) => ({
        name,
        in: "path",
        type: "string",
        required: true,
      }));
      const endpoint: Endpoint = {
        id: `${r.info.method} ${path}`,
        method: r.info.method,
        path,
        handler: r.handler,
        file: r.info.file,
        line: r.info.line,
        params,
        responses: [],
      };
      if (r.auth || chain.guarded) endpoint.auth = true;
      dialect.describe?.({ ...r.info, path }, endpoint, schemas, program);
      if (dialect.reads) addHandlerReads(endpoint, r.fn, dialect.reads, program);
      if (declared) addTypedHandler(endpoint, r.fn, program, declared);
      endpoints.push(endpoint);
    }
  }
  return { endpoints, dtos: [...schemas.dtos.values()], types: [...schemas.types.values()] };
}

/**
 * The package a binding comes from: `require("express")`, a member of it
 * (`const { Router } = require("express")`), or a call of it (`require("fastify")({ logger })`).
 */
function importedFrom(v: Value, depth = 0): string | undefined {
  if (depth > 3) return undefined;
  if (v.k === "import") return v.from;
  if (v.k === "get") return importedFrom(v.of, depth + 1);
  if (v.k === "call") return importedFrom(v.fn, depth + 1);
  return undefined;
}

/** A middleware made by a call (`bearerAuth({…})`, `passport.authenticate("jwt")`) is named by its maker. */
function middlewareName(v: Value, program: JsProgram): string {
  if (v.k === "call") return handlerName(v.fn, program);
  return handlerName(v, program);
}

// Handlers and middlewares are named by what the code wrote (`auth.requireUser`), not by what
// the name resolves to; a resolved argument keeps its written form alongside.
type Named = Value & { written?: Value };
const withName = (resolved: Value, written: Value): Value => ({ ...resolved, written }) as Named;
const nameOf = (v: Value): Value => (v as Named).written ?? v;
const unname = (v: Value): Value => {
  const { written: _, ...rest } = v as Named;
  return rest as Value;
};
