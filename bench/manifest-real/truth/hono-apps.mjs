// Records the Hono apps a Node app composes (`app.route(path, sub)`) and hands node-routes.cjs
// their route table when it dumps: Hono's own `app.routes` (every sub-app's routes already
// copied in, prefixed), less the middleware entries of `use` (method ALL and a handler that takes
// `next`, as Hono's own `hono/dev` `inspectRoutes` tells middleware apart; a verb's last handler
// may take `next` too, as `upgradeWebSocket`'s does, and is still a route). Hono is an ES module, so the class
// is patched through the very file the app imports (hono-base.js of the Hono the app resolves).
import { createRequire } from "node:module";
import { join } from "node:path";

/** Patch the Hono that a module in `from` (a folder ending in /) imports. */
export async function recordHonoApps(from) {
  // Its package.json is not exported: the package folder is the one above its dist/.
  const main = createRequire(from).resolve("hono");
  const root = main.slice(0, main.lastIndexOf("/dist/"));
  const { HonoBase } = await import(join(root, "dist/hono-base.js"));
  const { isMiddleware, findTargetHandler } = await import(join(root, "dist/utils/handler.js"));
  const parents = new Set();
  const children = new Set();
  const route = HonoBase.prototype.route;
  HonoBase.prototype.route = function (path, sub) {
    parents.add(this);
    children.add(sub);
    return route.call(this, path, sub);
  };
  globalThis.BENCH_MORE_ROUTES = [
    ...(globalThis.BENCH_MORE_ROUTES ?? []),
    () =>
      [...parents]
        .filter((app) => !children.has(app))
        .flatMap((app) => app.routes)
        .filter((r) => r.method !== "ALL" || !isMiddleware(findTargetHandler(r.handler)))
        .map((r) => ({ method: r.method === "ALL" ? "*" : r.method, path: r.path })),
  ];
}
