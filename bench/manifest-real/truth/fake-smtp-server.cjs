// fake-smtp-server's Express app (BENCH_APP_HOME/node_modules/fake-smtp-server, index.js, its
// bin): run with its own options, both servers on loopback port 0; node-routes.cjs prints the
// route table when the HTTP server starts listening (nothing is served, no mail is received).
const { join } = require("node:path");
process.argv = [
  process.argv[0],
  "fake-smtp-server",
  "--smtp-port",
  "0",
  "--smtp-ip",
  "127.0.0.1",
  "--http-port",
  "0",
  "--http-ip",
  "127.0.0.1",
];
require(join(process.env.BENCH_APP_HOME, "node_modules/fake-smtp-server/index.js"));
