// mountebank's Express app (BENCH_APP_HOME/node_modules/mountebank, src/mountebank.js's
// `createApp`, what its `mb` bin starts) with its own defaults, its data folder in the scratch
// cwd, logging to the console only; node-routes.cjs prints the route table (nothing is served,
// no imposter is created).
const { join } = require("node:path");
const { createApp } = require(join(process.env.BENCH_APP_HOME, "node_modules/mountebank/src/mountebank.js"));
createApp({
  port: 0,
  log: { level: "error", transports: { console: { colorize: false, format: "%level: %message" } } },
}).then(() => globalThis.BENCH_DUMP());
