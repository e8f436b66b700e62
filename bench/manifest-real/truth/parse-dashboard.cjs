// Parse Dashboard's Express app (BENCH_APP_HOME/node_modules/parse-dashboard, `new ParseDashboard(config,
// options)` mounted on an app as its README shows) with one app and one user, so that the login
// routes it adds only with users are in the table too; nothing connects to the Parse server.
// Its Browser Control API (browser-control/, development only) needs puppeteer and mongodb-runner,
// which the package does not depend on: it cannot be served as shipped and is not in the table.
// node-routes.cjs prints the route table.
const { join } = require("node:path");
const home = process.env.BENCH_APP_HOME;
const express = require(join(home, "node_modules/express"));
const ParseDashboard = require(join(home, "node_modules/parse-dashboard"));
const config = {
  apps: [{ serverURL: "http://localhost:1337/parse", appId: "bench", masterKey: "bench", appName: "bench" }],
  users: [{ user: "bench", pass: "bench" }],
};
const app = express();
app.use("/", new ParseDashboard(config, { allowInsecureHTTP: true, cookieSessionSecret: "bench" }));
globalThis.BENCH_DUMP();
