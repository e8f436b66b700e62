// Lighthouse CI's server (BENCH_APP_HOME/node_modules/@lhci/server: `createServer`, as its
// `lhci server` command starts it) on loopback port 0, storage in a SQLite file in the scratch
// folder; node-routes.cjs prints the route table when it listens (its crons never run).
const { join } = require("node:path");
const { createServer } = require(join(process.env.BENCH_APP_HOME, "node_modules/@lhci/server"));
createServer({
  port: 0,
  storage: { storageMethod: "sql", sqlDialect: "sqlite", sqlDatabasePath: join(process.cwd(), "lhci.db") },
});
