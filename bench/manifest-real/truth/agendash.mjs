// Agendash's Express middleware (BENCH_APP_HOME/node_modules/agendash, dist/index.js), mounted
// as its README does (`app.use("/", createExpressMiddleware(agenda))`) with a stand-in Agenda
// that is never called (the controller only keeps it); node-routes.cjs prints the route table.
// Express is required first, from the app's folder, so the ES module imports the patched one.
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/agendash/");
const express = createRequire(pkg)("express");
const { createExpressMiddleware } = await import(join(pkg, "dist/index.js"));
const app = express();
app.use("/", createExpressMiddleware({}));
globalThis.BENCH_DUMP();
