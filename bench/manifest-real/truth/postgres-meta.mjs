// Builds postgres-meta's Fastify app (BENCH_APP_HOME/node_modules/@supabase/postgres-meta,
// dist/server/app.js's `build`, what dist/server/server.js serves) without serving or reaching a
// database; node-routes.cjs prints the onRoute table once it is ready. Its second app
// (admin-app.js) holds only fastify-metrics' `/metrics`, a route of another package: not counted.
// Fastify is required first, from the app's folder (node-routes.cjs patches it).
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@supabase/postgres-meta/");
createRequire(pkg)("fastify");
const { build } = await import(join(pkg, "dist/server/app.js"));
await build().ready();
globalThis.BENCH_DUMP();
