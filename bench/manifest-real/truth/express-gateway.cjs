// Express Gateway's own routes (BENCH_APP_HOME/node_modules/express-gateway): its admin REST API
// (lib/rest, what `eg gateway start` serves on the admin port), here on loopback port 0 with the
// package's default configuration (Redis emulated in memory), and the routes its documented
// oauth2 policy adds to the gateway (login, logout, authorize, token) drawn on an Express app as
// the gateway does when a pipeline uses that policy. node-routes.cjs prints the route table when
// the admin server listens (nothing is served, no pipeline is proxied).
const { join } = require("node:path");
const lib = join(process.env.BENCH_APP_HOME, "node_modules/express-gateway/lib");
const express = require(require.resolve("express", { paths: [lib] }));
const config = require(join(lib, "config"));
require(join(lib, "policies/oauth2/oauth2-routes"))(express(), config);
config.gatewayConfig.admin = { port: 0, host: "127.0.0.1" };
require(join(lib, "rest"))({ config });
