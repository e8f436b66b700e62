// Parse Dashboard as its CLI serves it (BENCH_APP_HOME/node_modules/parse-dashboard,
// Parse-Dashboard/server.js, what bin/parse-dashboard runs) with a config file of one app and one
// user (its login routes exist only with users) and `browserControl: true`, its documented
// development option: every route the code can serve is counted, as ungit's `--dev` routes are.
// That option needs puppeteer and mongodb-runner, development dependencies of the dashboard that
// apps.json installs beside it (`with`; install scripts off, so no browser is downloaded). Its
// setup then starts MongoDB unless MONGO_PORT is taken: a loopback listener holds both ports it
// checks, so it starts no database and no Parse Server and reaches nothing outside. The webpack
// watcher it also tries fails (the package ships no webpack config) and is skipped by its own
// try. node-routes.cjs prints the route table when the server starts listening.
const { join } = require("node:path");
const { writeFileSync } = require("node:fs");
const net = require("node:net");

const held = net.createServer((socket) => socket.destroy());
held.listen(0, "127.0.0.1", () => {
  const port = String(held.address().port);
  process.env.MONGO_PORT = port;
  process.env.PARSE_SERVER_PORT = port;
  delete process.env.NODE_ENV;
  const config = join(process.env.HOME, "parse-dashboard-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      apps: [{ serverURL: "http://127.0.0.1:1/parse", appId: "bench", masterKey: "bench", appName: "bench" }],
      users: [{ user: "bench", pass: "bench" }],
      browserControl: true,
    }),
  );
  const server = require(
    join(process.env.BENCH_APP_HOME, "node_modules/parse-dashboard/Parse-Dashboard/server.js"),
  );
  server({ config, host: "127.0.0.1", port: "0", allowInsecureHTTP: true, cookieSessionSecret: "bench" });
});
