// NextInspect's Express server (BENCH_APP_HOME/node_modules/nextinspect, dist/server.js, built by
// tsc): the module builds the app and listens on a fixed port as it loads; here every listen is
// moved to loopback port 0, and node-routes.cjs prints the route table when it listens (nothing
// is served).
const http = require("node:http");
const { join } = require("node:path");
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  const done = args.find((a) => typeof a === "function");
  return listen.call(this, 0, "127.0.0.1", done);
};
require(join(process.env.BENCH_APP_HOME, "node_modules/nextinspect/dist/server.js"));
