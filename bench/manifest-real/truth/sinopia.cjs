// Sinopia, a private npm registry server (BENCH_APP_HOME/node_modules/sinopia): its bin, as its
// README starts it, with the default configuration it ships (conf/default.yaml, storage in the
// scratch folder) on loopback port 0; node-routes.cjs prints the route table when it listens.
// No uplink is contacted: nothing is requested from it.
const { copyFileSync } = require("node:fs");
const { join } = require("node:path");
const pkg = join(process.env.BENCH_APP_HOME, "node_modules/sinopia");
const config = join(process.cwd(), "config.yaml");
copyFileSync(join(pkg, "conf/default.yaml"), config);
process.argv = [process.argv[0], join(pkg, "bin/sinopia"), "-c", config, "-l", "127.0.0.1:0"];
require(join(pkg, "bin/sinopia"));
