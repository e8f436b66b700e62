// Mathoid (BENCH_APP_HOME/node_modules/mathoid), Wikimedia's math rendering service: its app.js
// called as service-runner calls a service module (`module(options)`), with config.dev.yaml's
// service config, a loopback interface and a free port, a silent logger and no-op metrics; it
// loads every module of its routes/ folder and listens, and node-routes.cjs prints the route table
// then (nothing is served).
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const app = join(process.env.BENCH_APP_HOME, "node_modules/mathoid");
const yaml = require(join(process.env.BENCH_APP_HOME, "node_modules/js-yaml"));
const dev = yaml.load(readFileSync(join(app, "config.dev.yaml"), "utf8"));
const config = { ...dev.services[0].conf, port: 0, interface: "127.0.0.1" };
const logger = { log() {}, child: () => logger };
const metrics = new Proxy({}, { get: () => () => {} });
require(join(app, "app.js"))({ config, logger, metrics });
