// Loads cnpmjs.org's two Koa apps (HOME is a scratch folder: truth.ts) (servers/registry.js and servers/web.js, each built when its
// module loads) without serving; node-routes.cjs prints the stack of each router they use.
const { join } = require("node:path");
const { mkdirSync, writeFileSync } = require("node:fs");
// Its default database is SQLite, a native module not built here; MySQL is never reached.
mkdirSync(join(process.env.HOME, ".cnpmjs.org"), { recursive: true });
writeFileSync(
  join(process.env.HOME, ".cnpmjs.org/config.json"),
  JSON.stringify({ database: { dialect: "mysql" } }),
);
const servers = join(process.env.BENCH_APP_HOME, "node_modules/cnpmjs.org/servers");
require(join(servers, "registry.js"));
require(join(servers, "web.js"));
globalThis.BENCH_DUMP();
