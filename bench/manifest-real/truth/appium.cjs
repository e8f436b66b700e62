// Appium's server (BENCH_APP_HOME/node_modules/appium): `main({port, address})` as its bin calls
// it, with no driver or plugin installed (APPIUM_HOME in the scratch folder), on a loopback port
// found free first; node-routes.cjs prints the route table when it starts listening. Nothing
// outside the machine is reached.
const net = require("node:net");
const { join } = require("node:path");
process.env.APPIUM_HOME = join(process.cwd(), "appium-home");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  const { port } = probe.address();
  probe.close(() => {
    const { main } = require(join(process.env.BENCH_APP_HOME, "node_modules/appium"));
    main({ port, address: "127.0.0.1", subcommand: "server" });
  });
});
