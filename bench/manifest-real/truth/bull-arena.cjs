// Builds Bull Arena's Express app (BENCH_APP_HOME/node_modules/bull-arena, `Arena(config,
// { disableListen: true })` as its README mounts it) with one queue of a stand-in constructor,
// never opened (a queue is made when a page asks for it); node-routes.cjs prints the route table.
const { join } = require("node:path");
const arena = require(join(process.env.BENCH_APP_HOME, "node_modules/bull-arena"));
const queues = [{ name: "bench", hostId: "bench", type: "bull", redis: { host: "127.0.0.1", port: 9 } }];
arena({ Bull: class {}, queues }, { disableListen: true });
globalThis.BENCH_DUMP();
