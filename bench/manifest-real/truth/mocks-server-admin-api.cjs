// Mocks Server's administration API (BENCH_APP_HOME/node_modules/@mocks-server/plugin-admin-api:
// its own Express server, routers held by classes and mounted at paths from
// @mocks-server/admin-api-paths), started as @mocks-server/main's createServer builds it with no
// mock files (the mock server's own routes are a user's files, not code of the package), on
// loopback port 0 for both servers; node-routes.cjs prints the table once both have started.
const { join } = require("node:path");
const main = join(process.env.BENCH_APP_HOME, "node_modules/@mocks-server/main");
const { createServer } = require(main);
const server = createServer({
  server: { port: 0, host: "127.0.0.1" },
  plugins: { adminApi: { port: 0, host: "127.0.0.1" } },
});
server.start().then(() => globalThis.BENCH_DUMP());
