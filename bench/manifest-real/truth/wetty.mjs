// WeTTY's Express app (BENCH_APP_HOME/node_modules/wetty, build/server.js's `start`, what its bin
// runs) with its default settings (base `/wetty`); node-routes.cjs prints the route table when the
// server starts listening, and nothing is served. Express is required first, from the app's
// folder, so the ES module imports the patched one.
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/wetty/");
createRequire(pkg)("express");
const { start } = await import(join(pkg, "build/server.js"));
await start();
