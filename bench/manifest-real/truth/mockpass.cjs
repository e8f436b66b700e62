// MockPass (BENCH_APP_HOME/node_modules/@opengovsg/mockpass): its bin (index.js) with PORT 0 and
// the default options; node-routes.cjs prints the route table when the app starts listening.
const { join } = require("node:path");
process.env.MOCKPASS_PORT = "0";
require(join(process.env.BENCH_APP_HOME, "node_modules/@opengovsg/mockpass/index.js"));
