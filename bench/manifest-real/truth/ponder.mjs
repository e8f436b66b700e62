// Starts Ponder's HTTP server (BENCH_APP_HOME/node_modules/ponder, dist/esm/server/index.js's
// `createServer`, what `ponder start`/`serve`/`dev` run) on loopback port 0 with an empty user
// API (a bare Hono app in `apiBuild.app`: a project's own routes are not Ponder's code), a
// stand-in for its metrics and logger, and no database (its routes are registered without one;
// none is queried, nothing is served). node-routes.cjs prints the Hono route table
// (hono-apps.mjs) when the server starts listening.
import { createRequire } from "node:module";
import { join } from "node:path";
import { recordHonoApps } from "./hono-apps.mjs";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/ponder/");
await recordHonoApps(pkg);
// The ES module Hono that Ponder imports (its package.json is not exported: the folder above dist/).
const main = createRequire(pkg).resolve("hono");
const { Hono } = await import(join(main.slice(0, main.lastIndexOf("/dist/")), "dist/index.js"));
const { createServer } = await import(join(pkg, "dist/esm/server/index.js"));
const noop = () => {};
const common = {
  metrics: { port: 0, getMetrics: async () => "" },
  logger: { info: noop, warn: noop, error: noop, debug: noop },
  apiShutdown: { add: noop },
};
await createServer({ common, database: {}, apiBuild: { app: new Hono(), port: 0, hostname: "127.0.0.1" } });
