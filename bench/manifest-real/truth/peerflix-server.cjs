// peerflix-server's Express app (BENCH_APP_HOME/node_modules/peerflix-server, server/index.js,
// what its bin serves): the module builds the app and exports it; its torrent store starts
// empty in the scratch HOME (nothing is downloaded: no torrent is added). node-routes.cjs prints
// the route table.
const { join } = require("node:path");
require(join(process.env.BENCH_APP_HOME, "node_modules/peerflix-server/server/index.js"));
globalThis.BENCH_DUMP();
