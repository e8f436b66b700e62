// Kue's dashboard (BENCH_APP_HOME/node_modules/kue: `kue.app`, the Express app its README and
// its kue-dashboard bin serve): built, then node-routes.cjs prints the route table at once, before
// the queue's Redis client fails to connect (no Redis is started or reached).
const { join } = require("node:path");
const kue = require(join(process.env.BENCH_APP_HOME, "node_modules/kue"));
kue.app;
globalThis.BENCH_DUMP();
