// hotel, a local proxy and process manager for development servers (BENCH_APP_HOME/
// node_modules/hotel): its daemon (lib/daemon, what `hotel start` runs in the background) with
// the configuration file it reads from ~/.hotel (HOME is the scratch folder) holding a loopback
// port found free first; node-routes.cjs prints the route table when it starts listening. No
// server is registered, so nothing is spawned.
const net = require("node:net");
const { mkdirSync, writeFileSync } = require("node:fs");
const { homedir } = require("node:os");
const { join } = require("node:path");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  const { port } = probe.address();
  probe.close(() => {
    mkdirSync(join(homedir(), ".hotel"), { recursive: true });
    writeFileSync(join(homedir(), ".hotel/conf.json"), JSON.stringify({ port, host: "127.0.0.1" }));
    require(join(process.env.BENCH_APP_HOME, "node_modules/hotel/lib/daemon"));
  });
});
