// Builds redis-commander's Express app (BENCH_APP_HOME/node_modules/redis-commander, lib/app.js,
// what its bin starts) with its own default config and no Redis connection (routes are added
// while the app is built; no command is sent); node-routes.cjs prints the route table.
const { join } = require("node:path");
const pkg = join(process.env.BENCH_APP_HOME, "node_modules/redis-commander");
process.env.NODE_CONFIG_DIR = join(pkg, "config");
const build = require(join(pkg, "lib/app.js"));
build({ getList: () => [], list: [] });
globalThis.BENCH_DUMP();
