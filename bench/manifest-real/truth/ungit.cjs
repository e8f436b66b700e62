// ungit's Express app (BENCH_APP_HOME/node_modules/ungit, source/server.js, what bin/ungit
// starts), with `--authentication` and `--dev` so that the login and testing routes it adds only
// then are in the table too (every route the code can serve, as onionshare's modes are joined);
// node-routes.cjs prints the route table when the server starts listening, nothing is served.
const { join } = require("node:path");
process.argv.push("--authentication", "--dev", "--no-launchBrowser", "--port=0");
require(join(process.env.BENCH_APP_HOME, "node_modules/ungit/source/server.js"));
