// Links the route registrations of instance-based frameworks (Express, Fastify, Koa, Hono):
// every receiver of a call is traced to an instance (instance-graph.ts); mounts connect
// instances with a prefix; each route's full path is the chain of prefixes from a root instance
// down to it (prefix-chains.ts). What a framework adds is its Dialect (dialect.ts).

import type { FileFacts, LinkContext, ScanContribution } from "../scanner.js";
import type { Endpoint, Param } from "../types.js";
import { DeclaredTypes } from "./declared-types.js";
import type { Dialect } from "./dialect.js";
import { HTTP_METHODS, isVerb } from "./dialect.js";
import { expandLoops } from "./expand-loops.js";
import { addHandlerReads } from "./handler-reads.js";
import { InstanceGraph, type RouteOnInstance } from "./instance-graph.js";
import { type CallFact, type JsModule, PLAIN_CALL } from "./module-facts.js";
import { joinPaths, pathParams, templatePath } from "./paths.js";
import { claimedInstances, prefixChains } from "./prefix-chains.js";
import { JsProgram, outsideModules } from "./program.js";
import { SchemaReader } from "./schema-reader.js";
import { addTypedHandler } from "./typed-handler.js";
import { stringOf, type Value } from "./value.js";
import { withName } from "./written-names.js";

export type { Action, Dialect, RouteInfo } from "./dialect.js";
export { HTTP_METHODS, isVerb } from "./dialect.js";

/** A project function handed an instance or a value, and whether it was reached as a member. */
type Handed = Map<CallFact, { fn: Value; member: boolean }[]>;

export function linkApps(
  dialect: Dialect,
  files: readonly FileFacts<JsModule>[],
  ctx: LinkContext,
): ScanContribution {
  // A tree that never imports the framework has none of its apps: nothing to build.
  if (!usesFramework(dialect, files)) return { endpoints: [], dtos: [], types: [] };
  const program = new JsProgram(files, outsideModules(ctx), ctx.readFile);
  const schemas = new SchemaReader(program);
  // Declared interfaces and classes are read only by a dialect that types its handlers (Express).
  const declared = dialect.typedHandlers ? new DeclaredTypes(program) : undefined;
  const graph = new InstanceGraph(dialect, program, files);
  const returned = new Map(files.map((f) => [f.path, returnedCalls(f.facts)]));
  const handed = bindHandedArgs(dialect, program, files, returned);
  readCalls(dialect, program, files, graph, handed, returned);
  const claimed = claimedInstances(graph, dialect, program);
  const chains = prefixChains(graph, claimed);
  const endpoints: Endpoint[] = [];
  for (const r of graph.routes) {
    if (!claimed.has(r.node) || dialect.hidden?.(r.info, program)) continue;
    for (const chain of chains(r.node)) {
      // A prefix on the way that the scan cannot fold: the path is not known, so not listed.
      if (chain.prefix === undefined) continue;
      const endpoint = endpointOf(r, chain.prefix, chain.guarded);
      dialect.describe?.({ ...r.info, path: endpoint.path }, endpoint, schemas, program);
      if (dialect.reads) addHandlerReads(endpoint, r.fn, dialect.reads, program);
      if (declared) addTypedHandler(endpoint, r.fn, program, declared);
      endpoints.push(endpoint);
    }
  }
  return { endpoints, dtos: [...schemas.dtos.values()], types: [...schemas.types.values()] };
}

function usesFramework(dialect: Dialect, files: readonly FileFacts<JsModule>[]): boolean {
  return files.some(({ facts }) =>
    Object.values(facts.bindings).some((b) => {
      const from = importedFrom(b);
      return from !== undefined && dialect.packages.includes(from);
    }),
  );
}

/** A call the dialect acts on: an HTTP verb, one of its methods, or a verb-first route call. */
function matters(dialect: Dialect, call: CallFact): boolean {
  return (
    call.method.k !== "str" ||
    HTTP_METHODS.has(call.method.v) ||
    dialect.methods.has(call.method.v) ||
    (dialect.verbFirst === true && isVerb(call.args[0]))
  );
}

/**
 * Project functions handed an instance or a value: `routes(app, prefix)`, and `routes.mount(app)`
 * reached through a module or object. Their string arguments are bound first, so a prefix the
 * function builds from its parameter (`${urlPrefix}/api`) resolves wherever its calls are read.
 */
function bindHandedArgs(
  dialect: Dialect,
  program: JsProgram,
  files: readonly FileFacts<JsModule>[],
  returned: ReadonlyMap<string, CallFact[]>,
): Handed {
  const handed: Handed = new Map();
  for (const { path: file, facts } of files) {
    for (const call of [...facts.calls, ...(returned.get(file) ?? [])]) {
      const plain = stringOf(call.method) === PLAIN_CALL.v;
      if (!plain && (matters(dialect, call) || !call.args.some(mayHandInstance))) continue;
      const callee = program.resolve(
        plain ? call.recv : { k: "get", of: call.recv, prop: call.method },
        file,
      );
      // `new Routes("/api").addRoutes(app)`: the instance was made with those arguments.
      if (!plain) bindConstructed(program, program.resolve(call.recv, file));
      for (const each of eachCallee(callee, program, file)) {
        // `new Api(app)` (a plain call of a class): its constructor is handed the arguments.
        const fn = each.k === "class" && plain ? program.constructorOf(each) : each;
        if (fn?.k !== "fn") continue;
        handed.set(call, [...(handed.get(call) ?? []), { fn, member: !plain }]);
        bindArgs(
          program,
          fn.id,
          call.args.map((arg) => program.resolve(arg, file)),
        );
      }
    }
  }
  return handed;
}

/** Binds the strings and objects a call hands a function (instances apart: pushed-items.ts). */
function bindArgs(program: JsProgram, fnId: string, args: readonly Value[]): void {
  args.forEach((value, index) => {
    if (stringOf(value) !== undefined || holdsObject(value)) program.bindParam(fnId, index, value);
    else if (value.k === "call" && value.isNew) program.bindInstance(fnId, index, value);
  });
}

/** A `new C(…)` whose method is called: C's constructor was handed those arguments. */
function bindConstructed(program: JsProgram, made: Value): void {
  if (made.k !== "call" || !made.isNew || made.fn.k !== "class") return;
  const ctor = program.constructorOf(made.fn);
  if (ctor?.k === "fn") bindArgs(program, ctor.id, made.args);
}

/**
 * `c.addRoutes(app)` in a loop over a list of instances (`this.components.forEach((c) => …)`):
 * JavaScript calls the method of each element's own class, so each element's method is a callee.
 */
function eachCallee(callee: Value, program: JsProgram, file: string): Value[] {
  if (callee.k !== "get" || callee.of.k !== "each" || callee.of.of.k !== "arr") return [callee];
  const { prop } = callee;
  return callee.of.of.items.map((item) => program.resolve({ k: "get", of: item, prop }, file));
}

/**
 * The calls arrow functions give back as their expression body (`(conf) => build(express(),
 * conf)`): extract keeps those as the function's return value only. They hand over their
 * arguments like any call (a block's `return build(…)` is also a call fact: handing twice is
 * harmless); they are never read as the dialect's actions.
 */
function returnedCalls(facts: JsModule): CallFact[] {
  const out: CallFact[] = [];
  for (const fn of Object.values(facts.functions)) {
    const r = fn.returns;
    if (r?.k !== "call" || r.isNew) continue;
    const callee = r.fn;
    const [recv, method] = callee.k === "get" ? [callee.of, callee.prop] : [callee, PLAIN_CALL];
    out.push({ recv, method, args: r.args, line: r.line });
  }
  return out;
}

/** An options object (`routes(app, { prefix })`), or one a parameter defaults to (`conf = defaults`). */
const holdsObject = (v: Value): boolean => v.k === "obj" || (v.k === "or" && v.options.some(holdsObject));

/** An argument that may be (or hold, as `{ app }`) an instance: a name, a parameter handed on, a read, a call. */
const mayHandInstance = (a: Value): boolean =>
  a.k === "id" ||
  a.k === "param" ||
  a.k === "call" ||
  a.k === "get" ||
  (a.k === "obj" && a.props.some(([, x]) => mayHandInstance(x)));

/** Every call of every file: hand-overs to project functions, and the dialect's actions. */
function readCalls(
  dialect: Dialect,
  program: JsProgram,
  files: readonly FileFacts<JsModule>[],
  graph: InstanceGraph,
  handed: Handed,
  returned: ReadonlyMap<string, CallFact[]>,
): void {
  for (const { path: file, facts } of files) {
    for (const call of returned.get(file) ?? [])
      for (const to of handed.get(call) ?? []) graph.handOver(call, file, to.fn, to.member);
    for (const call of facts.calls) {
      if (stringOf(call.method) === PLAIN_CALL.v || !matters(dialect, call)) {
        for (const to of handed.get(call) ?? []) graph.handOver(call, file, to.fn, to.member);
        continue;
      }
      const recv = graph.nodeOf(call.recv, file);
      if (!recv) continue;
      const resolved = [
        program.resolve(call.method, file),
        ...call.args.map((a) => program.resolve(a, file)),
      ];
      for (const [method, ...args] of expandLoops(resolved, program, file).flatMap((vs) =>
        perCallPaths(vs, program, file),
      )) {
        const name = stringOf(method);
        if (!name) continue;
        // Names (handlers, middlewares) are read from the arguments as written.
        const rawArgs = call.args;
        for (const action of dialect.actions(
          name,
          args.map((a, i) => (!rawArgs[i] || rawArgs[i]!.k === "fn" ? a : withName(a, rawArgs[i]!))),
        )) {
          graph.apply(action, recv, file, call.line);
        }
      }
    }
  }
}

/**
 * `app.get(urlPath, …)` in a helper whose calls hand `urlPath` different strings: one copy of
 * the call per string (perCall, program.ts), as the body runs once per call. The first argument
 * only: where the frameworks take the path.
 */
function perCallPaths(values: Value[], program: JsProgram, file: string): Value[][] {
  const [method, first, ...rest] = values;
  if (!method || !first || stringOf(first) !== undefined) return [values];
  const paths = program.perCall(first, file);
  return paths.length === 0 ? [values] : paths.map((p) => [method, { k: "str", v: p }, ...rest]);
}

function endpointOf(r: RouteOnInstance, prefix: string, guarded: boolean): Endpoint {
  // A route written with a trailing slash (`/items/`) keeps it, as the framework registers it.
  const slash = r.info.path.length > 1 && r.info.path.endsWith("/") ? "/" : "";
  const path = templatePath(joinPaths(prefix, r.info.path)) + slash;
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
  if (r.auth || guarded) endpoint.auth = true;
  return endpoint;
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
