// Testem's test server (BENCH_APP_HOME/node_modules/testem: lib/server, the Express app its
// `testem` command serves test pages from), built from its own Config with no options, in
// the scratch folder, on loopback port 0; node-routes.cjs prints the route table when it
// listens. No browser is launched.
const { join } = require("node:path");
const lib = join(process.env.BENCH_APP_HOME, "node_modules/testem/lib");
const Config = require(join(lib, "config"));
const Server = require(join(lib, "server"));
const config = new Config("dev", { port: 0, host: "127.0.0.1", cwd: process.cwd() });
config.read(() => new Server(config).start());
