// The MCP "everything" reference server (BENCH_APP_HOME/node_modules/@modelcontextprotocol/
// server-everything): its two HTTP transports, the Express apps `mcp-server-everything sse` and
// `mcp-server-everything streamableHttp` start (dist/transports/sse.js, streamableHttp.js),
// both imported in one process; nothing listens (`listen` is a no-op here), the table is printed
// once both modules have built their apps. Express is required first, from the app's folder, so
// the ES modules import the patched one.
import http from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@modelcontextprotocol/server-everything/");
createRequire(pkg)("express");
http.Server.prototype.listen = function () {
  return this;
};
await import(join(pkg, "dist/transports/sse.js"));
await import(join(pkg, "dist/transports/streamableHttp.js"));
globalThis.BENCH_DUMP();
