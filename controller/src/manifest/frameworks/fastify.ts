// Fastify: `fastify()`, plugins registered with `register(plugin, { prefix })` across files
// (`fastify-plugin` wrappers share their parent's prefix), folders of route plugins loaded by
// `@fastify/autoload` (js/autoload.ts), shorthand routes and
// `route({ method, url, schema, handler })`, and route schemas (TypeBox, JSON Schema) for
// parameters, bodies, responses and security.

import { addFieldParams, routeName } from "../endpoint-params.js";
import { type Action, HTTP_METHODS, type RouteInfo } from "../js/app-graph.js";
import { REQUEST_READS } from "../js/handler-reads.js";
import { appScanner } from "../js/js-scanner.js";
import { readOperationWords } from "../js/operation-words.js";
import type { JsProgram } from "../js/program.js";
import type { SchemaReader } from "../js/schema-reader.js";
import { propOf, stringOf, type Value } from "../js/value.js";
import { fieldsOf } from "../json-schema.js";
import type { Endpoint, Param } from "../types.js";

const PLUGIN_WRAPPERS = new Set(["fastify-plugin"]);
/** `fastify-autoload` is the plugin's name before v4. */
const AUTOLOAD_PACKAGES = new Set(["@fastify/autoload", "fastify-autoload"]);

function pluginFnOf(v: Value, program: JsProgram): { fn?: string; shared: boolean } {
  if (v.k === "fn") return { fn: v.id, shared: false };
  if (v.k === "call" && v.fn.k === "import" && PLUGIN_WRAPPERS.has(v.fn.from) && v.args[0]) {
    return { ...pluginFnOf(program.resolve(v.args[0], ""), program), shared: true };
  }
  return { shared: false };
}

export const fastifyScanner = appScanner({
  name: "fastify",
  creates(call) {
    if (
      call.fn.k === "import" &&
      call.fn.from === "fastify" &&
      ["default", "fastify", "Fastify"].includes(call.fn.name)
    )
      return {};
    return undefined;
  },
  reads: REQUEST_READS,
  packages: [
    "fastify",
    "fastify-plugin",
    "@fastify/type-provider-typebox",
    "@fastify/autoload",
    "fastify-autoload",
  ],
  methods: new Set(["route", "register"]),
  passthrough: new Set([
    "withTypeProvider",
    "addHook",
    "decorate",
    "decorateRequest",
    "decorateReply",
    "setErrorHandler",
    "addSchema",
    "after",
  ]),
  actions(method, args): Action[] {
    if (HTTP_METHODS.has(method) && args.length >= 2) {
      const last = args[args.length - 1]!;
      const options = args.length >= 3 ? args[1] : last.k === "obj" ? last : undefined;
      const handler = last.k === "obj" ? (propOf(last, "handler") ?? last) : last;
      return [
        {
          kind: "route",
          method: { k: "str", v: method },
          path: args[0]!,
          handler,
          middlewares: [],
          ...(options ? { options } : {}),
        },
      ];
    }
    if (method === "route" && args[0]?.k === "obj") {
      const o = args[0];
      const m = propOf(o, "method");
      const path = propOf(o, "url") ?? propOf(o, "path");
      if (!m || !path) return [];
      return [
        {
          kind: "route",
          method: m,
          path,
          handler: propOf(o, "handler") ?? { k: "null" },
          middlewares: [],
          options: o,
        },
      ];
    }
    if (method === "register" && args[0]?.k === "import" && AUTOLOAD_PACKAGES.has(args[0].from))
      return [{ kind: "folder", ...(args[1] ? { options: args[1] } : {}) }];
    if (method === "register" && args[0]) {
      return [
        {
          kind: "mount",
          child: args[0],
          pluginArgs: [undefined, args[1]],
          ...(args[1] ? { prefix: propOf(args[1], "prefix") ?? { k: "str", v: "" } } : {}),
        },
      ];
    }
    return [];
  },
  unwrap: (call) => (call.fn.k === "import" && PLUGIN_WRAPPERS.has(call.fn.from) ? call.args[0] : undefined),
  sharesPrefix: (child, program) => pluginFnOf(program.resolve(child, ""), program).shared,
  claims(node, program) {
    if (!node.startsWith("param@") || !node.endsWith("#0")) return false;
    const fn = program.fn(node.slice("param@".length, -2));
    return Boolean(fn?.declaredType?.includes("Fastify") || fn?.params[0]?.type?.includes("Fastify"));
  },
  describe: describeFastifyRoute,
  // `schema: { hide: true }`: @fastify/swagger's mark of a route kept out of the API's document
  // (a page, its assets); the manifest lists the API as the service documents it.
  hidden: (route, program) => {
    const opts = route.options && program.resolve(route.options, route.file);
    const schema = opts?.k === "obj" ? propOf(opts, "schema") : undefined;
    const hide = schema?.k === "obj" ? propOf(schema, "hide") : undefined;
    return hide?.k === "bool" && hide.v;
  },
});

const PARAM_PARTS: [string, Param["in"]][] = [
  ["params", "path"],
  ["querystring", "query"],
  ["query", "query"],
  ["headers", "header"],
];

function describeFastifyRoute(
  route: RouteInfo,
  e: Endpoint,
  schemas: SchemaReader,
  program: JsProgram,
): void {
  const opts = route.options ? program.resolve(route.options, route.file) : undefined;
  const schema = propOf(opts, "schema");
  if (schema?.k !== "obj") return;
  const written = route.writtenOptions?.k === "obj" ? propOf(route.writtenOptions, "schema") : undefined;
  const part = (key: string) =>
    (written?.k === "obj" ? propOf(written, key) : undefined) ?? propOf(schema, key);
  readOperationWords(e, schema);
  const operationId = e.operation_id;
  const tags = propOf(schema, "tags");
  if (tags?.k === "arr") e.tags = tags.items.map((t) => stringOf(t) ?? "").filter(Boolean);
  const base = operationId
    ? operationId[0]!.toUpperCase() + operationId.slice(1)
    : routeName(e.method, e.path);

  for (const [key, where] of PARAM_PARTS) {
    const v = part(key);
    const s = v ? schemas.read(v, route.file) : undefined;
    const objectSchema = s && typeof s.$ref === "string" ? schemas.dtos.get(s.$ref) : undefined;
    addFieldParams(e, objectSchema?.fields ?? (s ? fieldsOf(s) : []), where);
  }
  const body = part("body");
  if (body) {
    const name = schemas.dtoName(body, route.file, `${base}Body`, route.line);
    if (name) e.request = name;
  }
  const response = part("response");
  const responses = response?.k === "obj" ? response : propOf(schema, "response");
  for (const [status, v] of responses?.k === "obj" ? responses.props : []) {
    const code = Number(status);
    // `{ content: { "text/event-stream": { schema } } }`: a media type of its own, not a JSON body.
    const content = propOf(program.resolve(v, route.file), "content");
    const media = content?.k === "obj" ? content.props.map(([k]) => k) : [];
    const contentType = media.length > 0 && !media.some((m) => /json/i.test(m)) ? media[0] : undefined;
    // `content: { "application/json": { schema }, … }`: the JSON body is that schema.
    const json = content?.k === "obj" ? content.props.find(([m]) => /json/i.test(m))?.[1] : undefined;
    const jsonSchema = json
      ? (propOf(json, "schema") ?? propOf(program.resolve(json, route.file), "schema"))
      : undefined;
    const dto = contentType
      ? undefined
      : schemas.dtoName(jsonSchema ?? v, route.file, `${base}Response${status}`, route.line);
    e.responses.push({
      ...(Number.isInteger(code) ? { status: code } : {}),
      ...(dto ? { dto } : {}),
      ...(contentType ? { content_type: contentType } : {}),
    });
  }
  const security = propOf(schema, "security");
  if (security) {
    const options = security.k === "or" ? security.options : [security];
    e.auth = options.some((o) => o.k === "arr" && o.items.length > 0);
  }
}
