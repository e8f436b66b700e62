// laravel-echo-server's Express app (BENCH_APP_HOME/node_modules/laravel-echo-server,
// dist/echo-server.js's EchoServer.run, what its `start` command runs) with its default options
// but: loopback port 0 (written "00": it reads two to five digits), its HTTP subscriber on and its Redis one off, no database driver (so no
// Redis or SQLite is reached). The app lives in `server.express`, its routes are added by the
// HTTP API and the HTTP subscriber; node-routes.cjs prints the table once the server listens
// (nothing is served).
const { join } = require("node:path");
const { EchoServer } = require(
  join(process.env.BENCH_APP_HOME, "node_modules/laravel-echo-server/dist/echo-server.js"),
);
new EchoServer().run({
  host: "127.0.0.1",
  port: "00",
  database: "none",
  subscribers: { http: true, redis: false },
});
