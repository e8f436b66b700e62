// Vorlon.js, a remote debugging server for web pages (BENCH_APP_HOME/node_modules/vorlon): its
// bin's Server/server.js with the config.json it ships (web proxy on, no authentication), on a
// loopback host and a port found free first (its documented HOST, PORT and PROXY_HOST);
// node-routes.cjs prints the route table when it starts listening.
const net = require("node:net");
const { join } = require("node:path");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  process.env.PORT = String(probe.address().port);
  process.env.HOST = "127.0.0.1";
  process.env.PROXY_HOST = "127.0.0.1";
  probe.close(() => require(join(process.env.BENCH_APP_HOME, "node_modules/vorlon/Server/server.js")));
});
