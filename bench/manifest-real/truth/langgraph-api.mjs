// Starts the LangGraph.js API server (BENCH_APP_HOME/node_modules/@langchain/langgraph-api,
// dist/server.mjs's `startServer`, what `langgraphjs dev` runs) with no graph and no custom app,
// its storage in the scratch folder, and an empty `ui` map: the /ui routes it then adds are
// routes the package serves when a project sets `ui` (counted, as ungit's `--dev` routes are).
// node-routes.cjs prints the Hono route table (hono-apps.mjs) when it starts listening, and
// nothing is served.
import { join } from "node:path";
import { recordHonoApps } from "./hono-apps.mjs";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@langchain/langgraph-api/");
await recordHonoApps(pkg);
const { startServer } = await import(join(pkg, "dist/server.mjs"));
await startServer({ port: 0, nWorkers: 0, host: "127.0.0.1", cwd: process.cwd(), graphs: {}, ui: {} });
