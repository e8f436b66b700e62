// Signal K Server (BENCH_APP_HOME/node_modules/signalk-server), a marine data server: its bin's
// `new Server().start()`, the configuration folder the scratch folder (SIGNALK_NODE_CONFIG_DIR:
// no plugin, no data connection), its documented token security on (SECURITYSTRATEGY, as
// docs/Security says: login, access requests and users' routes), on a loopback port found free
// first (PORT); node-routes.cjs prints the route table when it listens, before anything is served.
const net = require("node:net");
const { join } = require("node:path");
process.env.SIGNALK_NODE_CONFIG_DIR = process.cwd();
process.env.SECURITYSTRATEGY = "./tokensecurity";
const Server = require(join(process.env.BENCH_APP_HOME, "node_modules/signalk-server"));
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  process.env.PORT = String(probe.address().port);
  probe.close(() => new Server().start());
});
