// The MCP Inspector's proxy server (BENCH_APP_HOME/node_modules/@modelcontextprotocol/
// inspector-server, build/index.js, what its `mcp-inspector-server` bin runs): an Express app
// built and started as the module loads, here on loopback port 0; node-routes.cjs prints the
// route table when it listens (nothing is served, no MCP server is started). Express is required
// first, from the app's folder, so the ES module imports the patched one.
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@modelcontextprotocol/inspector-server/");
createRequire(pkg)("express");
process.env.SERVER_PORT = "0";
process.env.HOST = "127.0.0.1";
await import(join(pkg, "build/index.js"));
