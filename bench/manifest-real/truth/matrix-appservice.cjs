// matrix-appservice (BENCH_APP_HOME/node_modules/matrix-appservice), the HTTP side of a Matrix
// application service (bridges and bots): `new AppService({ homeserverToken })` builds its
// Express app in the constructor, as its README starts it; node-routes.cjs then prints the
// route table (`listen` is not called, nothing is served).
const { join } = require("node:path");
const { AppService } = require(join(process.env.BENCH_APP_HOME, "node_modules/matrix-appservice"));
new AppService({ homeserverToken: "bench" });
globalThis.BENCH_DUMP();
