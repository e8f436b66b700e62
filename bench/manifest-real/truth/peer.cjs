// PeerJS server's Express app (BENCH_APP_HOME/node_modules/peer, `ExpressPeerServer` as its README
// uses it): it adds its routes when an app mounts it, here at "/" (the prefix an embedding app
// chooses is not the package's code); node-routes.cjs prints the route table.
const http = require("node:http");
const { join } = require("node:path");
const home = process.env.BENCH_APP_HOME;
const express = require(join(home, "node_modules/express"));
const { ExpressPeerServer } = require(join(home, "node_modules/peer"));
const app = express();
app.use("/", ExpressPeerServer(http.createServer(), { path: "/" }));
globalThis.BENCH_DUMP();
