// adminMongo, a web UI for MongoDB (BENCH_APP_HOME/node_modules/admin-mongo): its `npm start`
// script (app.js) with no connection configured, on a loopback port found free first;
// node-routes.cjs prints the route table when it starts listening. No MongoDB is reached.
const net = require("node:net");
const { join } = require("node:path");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  process.env.PORT = String(probe.address().port);
  process.env.HOST = "127.0.0.1";
  probe.close(() => require(join(process.env.BENCH_APP_HOME, "node_modules/admin-mongo/app.js")));
});
