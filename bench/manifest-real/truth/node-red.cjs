// Starts Node-RED (BENCH_APP_HOME/node_modules/node-red) as its `node-red` command does, with a
// scratch user folder and a free port; node-routes.cjs prints the route table when it listens.
const { join } = require("node:path");
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
process.argv = [process.argv[0], "node-red", "-u", mkdtempSync(join(tmpdir(), "nr-")), "-p", "0"];
require(join(process.env.BENCH_APP_HOME, "node_modules/node-red/red.js"));
