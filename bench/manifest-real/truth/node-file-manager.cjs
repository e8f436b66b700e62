// node-file-manager (BENCH_APP_HOME/node_modules/node-file-manager), a web file manager on Koa 1
// and koa-router: its lib/index.js as its bin starts it, `-p 0 -d <scratch folder>` (a free port,
// the scratch folder as the files' root); node-routes.cjs prints the koa-router table when it
// listens, before anything is served.
const { join } = require("node:path");
process.argv = [process.argv[0], "node-file-manager", "-p", "0", "-d", process.cwd()];
require(join(process.env.BENCH_APP_HOME, "node_modules/node-file-manager/lib/index.js"));
