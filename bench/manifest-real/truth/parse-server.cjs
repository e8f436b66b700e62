// Builds Parse Server's Express app (BENCH_APP_HOME/node_modules/parse-server) (`server.app`, what its
// README mounts in an app), with a database URI nothing answers (no query is made while the
// routes are built); node-routes.cjs prints the route table.
const { join } = require("node:path");
const { ParseServer } = require(join(process.env.BENCH_APP_HOME, "node_modules/parse-server"));
const server = new ParseServer({
  databaseURI: "mongodb://127.0.0.1:9/bench",
  appId: "bench",
  masterKey: "bench-master-key",
  serverURL: "http://127.0.0.1:1337/parse",
});
// Its own app, unmounted: the prefix an embedding app would choose is not the package's code.
void server.app;
globalThis.BENCH_DUMP();
