// What a framework adds to the shared linking of instance-based apps (app-graph.ts): its
// dialect, the actions a call on an instance performs, and what a route carries to `describe`.

import type { Endpoint, HttpMethod } from "../types.js";
import type { ReadTable } from "./handler-reads.js";
import type { JsProgram } from "./program.js";
import type { SchemaReader } from "./schema-reader.js";
import type { Value } from "./value.js";

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
  /** A route the framework's own documentation leaves out on purpose (Fastify's `schema.hide`). */
  hidden?(route: RouteInfo, program: JsProgram): boolean;
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
