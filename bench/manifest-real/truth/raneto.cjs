// Raneto, a Markdown knowledge base (BENCH_APP_HOME/node_modules/raneto): the app its example
// server builds (`raneto(config)` with example/config.default.js, the configuration the
// package ships), every documented option that adds routes on: editing and authentication
// (on in that file) and Google OAuth login (`googleoauth`, with the file's placeholder client).
// Built without serving, then node-routes.cjs prints the route table.
const { join } = require("node:path");
const pkg = join(process.env.BENCH_APP_HOME, "node_modules/raneto");
const config = require(join(pkg, "example/config.default.js"));
config.googleoauth = true;
require(join(pkg, "app/index.js"))(config);
globalThis.BENCH_DUMP();
