// AnyProxy's web interface (BENCH_APP_HOME/node_modules/anyproxy: lib/webInterface.js, the Express
// app its proxy serves its UI and API from), built with an empty recorder and not started;
// node-routes.cjs prints the route table. No proxy is started.
const { join } = require("node:path");
const WebInterface = require(join(process.env.BENCH_APP_HOME, "node_modules/anyproxy/lib/webInterface"));
new WebInterface({ webPort: 0 }, {});
globalThis.BENCH_DUMP();
