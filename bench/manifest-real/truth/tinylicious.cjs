// Tinylicious, Fluid Framework's local service (BENCH_APP_HOME/node_modules/tinylicious): its bin
// (dist/index.js) with its own config.json (an in-memory database), on a loopback port found
// free first (it refuses port 0), its git storage moved to the scratch folder through nconf's
// environment; node-routes.cjs prints the route table when it starts listening.
const net = require("node:net");
const { join } = require("node:path");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  process.env.PORT = String(probe.address().port);
  probe.close(() => {
    process.env.storage = join(process.cwd(), "tinylicious-storage");
    require(join(process.env.BENCH_APP_HOME, "node_modules/tinylicious/dist/index.js"));
  });
});
