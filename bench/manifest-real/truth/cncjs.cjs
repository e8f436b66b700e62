// CNCjs's Express app (BENCH_APP_HOME/node_modules/cncjs, dist/cncjs/server/app.js, the `appMain`
// its server starts) built with its default settings and the secret its CLI sets (settings, config store),
// without serving; node-routes.cjs prints the route table.
const { join } = require("node:path");
const server = join(process.env.BENCH_APP_HOME, "node_modules/cncjs/dist/cncjs/server");
const settings = require(join(server, "config/settings.js"));
(settings.default ?? settings).secret = "bench";
const store = require(join(server, "services/configstore"));
const config = store.default ?? store;
config.load(join(require("node:os").homedir(), ".cncrc"));
config.set("secret", "bench");
const app = require(join(server, "app.js"));
(app.default ?? app)();
globalThis.BENCH_DUMP();
