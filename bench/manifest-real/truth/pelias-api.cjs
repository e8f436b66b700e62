// Pelias's geocoding API (BENCH_APP_HOME/node_modules/pelias-api): app.js, the Express app its
// bin/start serves, with pelias-config's defaults (no pelias.json: PELIAS_CONFIG points at an
// empty file in the scratch folder, so the user's own is never read; no Elasticsearch is
// reached while the routes are built). Built without serving, then node-routes.cjs prints
// the route table.
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
writeFileSync("pelias.json", "{}");
process.env.PELIAS_CONFIG = join(process.cwd(), "pelias.json");
require(join(process.env.BENCH_APP_HOME, "node_modules/pelias-api/app.js"));
globalThis.BENCH_DUMP();
