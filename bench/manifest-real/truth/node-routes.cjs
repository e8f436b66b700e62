// Preloaded (`node --require`) into a script that builds a Node app: records the app's own route
// table as the frameworks hold it (an ES-module app: the script requires the framework from the
// app's folder first, so that the shared module object is patched before the app imports it) and prints one JSON line {method, path} per route when the
// script calls `BENCH_DUMP()` or the app starts listening (then exits without serving).
// Express: every router's stack, walked from each app, with the mount path each `use` gave
// (Express keeps only a RegExp for it, so `use` is wrapped to remember the string); Fastify: its
// onRoute hook (the full URL, every prefix applied); Koa: the stack of each router whose
// `routes()` a Koa app uses (nested routers' layers are already copied there, prefixed), or
// that koa-router 3 put on the app.
// HEAD and OPTIONS are not listed (the frameworks add them by themselves), but for an Express
// route that names them itself (Express's stack holds only what the app wrote).
const Module = require("node:module");
const http = require("node:http");

const expressApps = [];
const fastifyRoutes = [];
const koaRouters = new Set();
const koaApps = new Set();
const patched = new WeakMap();

function patchExpress(express) {
  const proto = express.Router.prototype?.use ? express.Router.prototype : express.Router;
  const use = proto.use;
  proto.use = function (first, ...rest) {
    const before = this.stack.length;
    const out = use.call(this, first, ...rest);
    const mount = typeof first === "string" || Array.isArray(first) ? first : "/";
    for (const layer of this.stack.slice(before)) layer.__mount = mount;
    return out;
  };
  const appUse = express.application.use;
  express.application.use = function (first, ...rest) {
    const router = () => routerOf(this) || { stack: [] };
    const before = router() ? router().stack.length : 0;
    const out = appUse.call(this, first, ...rest);
    // Express wraps each mounted sub-app in a `mounted_app` layer: point the layer at its app.
    const subApps = [first, ...rest].flat().filter((fn) => fn?.handle && fn.set);
    const added = router()
      .stack.slice(before)
      .filter((l) => l.handle && l.handle.name === "mounted_app");
    added.forEach((layer, i) => {
      layer.__subapp = subApps[i];
      if (subApps[i]) subApps[i].__mounted = true;
    });
    return out;
  };
  // Apps are recorded as Express builds them (`init`), not by wrapping `express()`: an ES
  // module's `import express` gets the module's own export, never a wrapper.
  const init = express.application.init;
  express.application.init = function (...args) {
    expressApps.push(this);
    return init.apply(this, args);
  };
  return express;
}

// Express 4 keeps the router in `_router` (and throws on `router`); Express 5 in `router`.
const routerOf = (app) => (typeof app.lazyrouter === "function" ? app._router : app.router);
const join = (a, b) =>
  `${a}/${b}`.replace(/\/{2,}/g, "/").replace(/(.)\/$/, (m, c) => (b.endsWith("/") ? m : c));
const each = (p) =>
  (Array.isArray(p) ? p : [p]).map((x) => (x instanceof RegExp ? `regexp:${x.source}` : String(x)));

function walkExpress(router, prefix, out) {
  for (const layer of router?.stack || []) {
    if (layer.route) {
      // Express answers HEAD and OPTIONS by itself, outside the stack: a route listing them was
      // written so (`router.options("/x", cors())`) and is kept (`own`), unless it lists every
      // method (`app.all` in Express 4 calls each method's function).
      const every = layer.route.methods._all || Object.keys(layer.route.methods).length > 20;
      const methods = Object.keys(layer.route.methods).filter(
        (m) => m !== "_all" && !(every && (m === "head" || m === "options")),
      );
      if (layer.route.methods._all) methods.push("*");
      for (const p of each(layer.route.path)) {
        // A router's "/" under a mount answers the mount path itself (Express's routing guide:
        // `router.get("/")` in a router used at "/birds" handles "/birds"): that spelling too.
        const also = p === "/" && prefix !== "/" ? { also: [prefix.replace(/\/$/, "")] } : {};
        for (const m of methods)
          out.push({ method: m.toUpperCase(), path: join(prefix, p), own: true, ...also });
      }
      continue;
    }
    const mounts = each(layer.__mount ?? "/");
    const handle = layer.handle;
    const sub = handle?.stack ? handle : layer.__subapp && routerOf(layer.__subapp);
    if (sub) for (const m of mounts) walkExpress(sub, join(prefix, m), out);
  }
}

function patchFastify(fastify) {
  const wrapped = (...args) => {
    const app = fastify(...args);
    app.addHook("onRoute", (r) => {
      for (const m of [r.method].flat()) fastifyRoutes.push({ method: m, path: r.url });
    });
    return app;
  };
  Object.assign(wrapped, fastify);
  wrapped.fastify = wrapped;
  wrapped.default = wrapped;
  return wrapped;
}

function patchKoa(Koa) {
  const use = Koa.prototype.use;
  Koa.prototype.use = function (fn) {
    if (fn?.router) koaRouters.add(fn.router);
    koaApps.add(this);
    return use.call(this, fn);
  };
  return Koa;
}

const load = Module._load;
Module._load = function (request, parent, isMain) {
  const out = load.call(this, request, parent, isMain);
  const patch = { express: patchExpress, fastify: patchFastify, koa: patchKoa }[request];
  if (!patch || typeof out !== "function") return out;
  if (patched.has(out)) return patched.get(out);
  const result = patch(out);
  patched.set(out, result);
  patched.set(result, result);
  return result;
};

// An ES module's `import … from "fastify"` reads the module's own exports, never what `_load`
// returns: a resolve hook hands it a small module that requires Fastify (from where the import
// found it), so it gets the wrapper.
const shim = (file) =>
  `data:text/javascript,${encodeURIComponent(
    `import { createRequire } from "node:module"; const f = createRequire(${JSON.stringify(file)})("fastify"); export default f; export const fastify = f;`,
  )}`;
const hook = `export async function resolve(spec, ctx, next) {
  const out = await next(spec, ctx);
  if (spec !== "fastify" || !out.url.startsWith("file:")) return out;
  return { url: (${shim.toString()})(new URL(out.url).pathname), shortCircuit: true };
}`;
Module.register?.(`data:text/javascript,${encodeURIComponent(hook)}`);

let dumped = false;
/** Prints the route table, then exits once stdout has taken it all. */
function dumpAndExit() {
  if (dumped) return;
  dumped = true;
  const routes = [...fastifyRoutes];
  // Route tables a script read itself (hono-apps.mjs: Hono is an ES module, not patched here).
  for (const more of globalThis.BENCH_MORE_ROUTES ?? []) routes.push(...more());
  for (const app of expressApps.filter((a) => !a.__mounted)) walkExpress(routerOf(app), "/", routes);
  // koa-router 3 (Koa 0.x) puts itself on the app (`app.router`, its routes in `routes`).
  for (const app of koaApps) if (app.router) koaRouters.add(app.router);
  for (const router of koaRouters)
    for (const layer of router.stack ?? router.routes ?? [])
      for (const m of layer.methods) routes.push({ method: m, path: koaPath(layer) });
  const seen = new Set();
  const lines = [];
  for (const r of routes) {
    const method = r.method.toUpperCase();
    const key = `${method} ${r.path}`;
    if (((method === "HEAD" || method === "OPTIONS") && !r.own) || seen.has(key)) continue;
    seen.add(key);
    lines.push(`${JSON.stringify({ method, path: r.path, ...(r.also ? { also: r.also } : {}) })}\n`);
  }
  // Exiting right after write() can drop what a pipe has not taken yet (a large table came
  // out cut at a different line each run): exit in the write's callback.
  // What the app does meanwhile (a client failing to connect) is not the table's business.
  process.on("uncaughtException", () => {});
  process.on("unhandledRejection", () => {});
  process.stdout.write(lines.join(""), () => process.exit(0));
}
// A route whose path is a regular expression: @koa/router keeps the RegExp, koa-router 3 its
// source (then the same as the source of the route's `regexp`); marked as Express's are.
function koaPath(layer) {
  if (layer.path instanceof RegExp) return `regexp:${layer.path.source}`;
  if (layer.regexp && layer.path === layer.regexp.source) return `regexp:${layer.path}`;
  return layer.path;
}

// A script that builds the app without serving calls this once it is built.
globalThis.BENCH_DUMP = dumpAndExit;
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  // Routes registered right after listen() in the same tick still count.
  setImmediate(dumpAndExit);
  return listen.apply(this, args);
};
