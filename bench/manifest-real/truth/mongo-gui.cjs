// Mongo GUI, a web UI for MongoDB (BENCH_APP_HOME/node_modules/mongo-gui): its bin (server.js)
// given a MongoDB URL on a loopback port where nothing listens (`-u`); it listens only once
// connected, so node-routes.cjs prints the route table at once, after the module has built the
// app and before the connection fails. No MongoDB is started or reached.
const { join } = require("node:path");
// Its OpenAI client is made at load and wants a key; no request is made with it.
process.env.OPENAI_API_KEY = "bench-unused";
process.argv.push("-u", "mongodb://127.0.0.1:9/bench");
require(join(process.env.BENCH_APP_HOME, "node_modules/mongo-gui/server.js"));
globalThis.BENCH_DUMP();
