// Builds Uppy Companion's Express app (BENCH_APP_HOME/node_modules/@uppy/companion) as its README
// shows, without serving; node-routes.cjs prints its route table. Express is required first,
// from the app's folder, so the ES module imports the patched one.
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@uppy/companion/");
createRequire(pkg)("express");
const companion = await import(join(pkg, "lib/companion.js"));
(companion.default ?? companion).app({
  providerOptions: {},
  server: { host: "localhost:3020", protocol: "http" },
  filePath: mkdtempSync(join(tmpdir(), "companion-")),
  secret: "bench",
  uploadUrls: ["http://localhost/"],
  corsOrigins: true,
});
globalThis.BENCH_DUMP();
