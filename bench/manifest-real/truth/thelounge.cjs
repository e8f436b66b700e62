// Starts The Lounge (BENCH_APP_HOME/node_modules/thelounge) as `thelounge start` does, with a
// scratch home; node-routes.cjs prints the route table when it listens.
const { join } = require("node:path");
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
process.env.THELOUNGE_HOME = mkdtempSync(join(tmpdir(), "lounge-"));
process.argv = [process.argv[0], "thelounge", "start", "--port", "0"];
require(join(process.env.BENCH_APP_HOME, "node_modules/thelounge/index.js"));
