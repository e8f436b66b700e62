// Starts Actual's sync server (BENCH_APP_HOME/node_modules/@actual-app/sync-server) as its bin
// does, with a scratch data folder; node-routes.cjs prints the route table when it listens.
// Express is required first, from the app's folder, so the ES module imports the patched one.
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const app = join(process.env.BENCH_APP_HOME, "node_modules/@actual-app/sync-server/");
createRequire(app)("express");
process.env.ACTUAL_DATA_DIR = mkdtempSync(join(tmpdir(), "actual-"));
process.env.ACTUAL_PORT = "0";
await import(join(app, "build/app.js"));
