// Builds iframely's Express app (BENCH_APP_HOME/node_modules/iframely, app.js, what server.js
// serves) with its plugin-tests UI turned on (`tests` in its config, documented in
// config.local.js.SAMPLE; mongoose, a development dependency, installed beside it): the config
// loader reads `config.js` from the working folder, written here in the scratch folder, with a
// MongoDB address on loopback where nothing listens, and no domains list to download (nothing
// outside the machine is reached).
// node-routes.cjs prints the route table; Express is required first, from the app's folder.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/iframely/");
writeFileSync(
  join(process.cwd(), "config.js"),
  // No WHITELIST_URL: the default fetches a domains list from the authors' site at start.
  'export default { WHITELIST_URL: null, tests: { mongodb: "mongodb://127.0.0.1:9/bench" } };\n',
);
// Its plugin loader lists the package's own node_modules (plugins shipped as packages); npm
// hoisted everything, so the folder is made, empty.
mkdirSync(join(pkg, "node_modules"), { recursive: true });
createRequire(pkg)("express");
await import(join(pkg, "app.js"));
globalThis.BENCH_DUMP();
process.exit(0);
