// Federated Wiki's Express app (BENCH_APP_HOME/node_modules/wiki-server, lib/server.js's default
// export, what the `wiki` command starts), with its own defaults (pages kept in flat files, its
// default security module) and its data in a temporary folder; node-routes.cjs prints the route
// table once the app is built (nothing is served, nothing listens). Express is required first,
// from the app's folder, so the ES module imports the patched one. Without the `wiki` package
// the server reads the working directory's package.json for its plugins: one naming none.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/wiki-server/");
createRequire(pkg)("express");
const data = mkdtempSync(join(tmpdir(), "wiki-server-"));
writeFileSync(join(data, "package.json"), JSON.stringify({ dependencies: {}, devDependencies: {} }));
process.chdir(data);
const { default: server } = await import(join(pkg, "lib/server.js"));
await server({ data, port: 0, url: "http://127.0.0.1", packageDir: join(pkg, "..") });
globalThis.BENCH_DUMP();
