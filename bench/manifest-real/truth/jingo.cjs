// Jingo, a wiki on a git repository (BENCH_APP_HOME/node_modules/jingo): the configuration its
// `jingo --sample-config` prints (run as its own process: printing it changes the defaults the
// loader checks against), with two documented options turned on for the routes they add: LDAP
// login (`POST /auth/ldap`; nothing is contacted) and reading only when logged in
// (`authorization.anonRead: false`: `/wiki` and `/search` guarded with `app.all`); loaded and
// validated as its bin does, then the app built with `lib/app.initialize(config)`, not
// started; node-routes.cjs prints the table.
const { execFileSync } = require("node:child_process");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules/jingo");
const sample = execFileSync(process.execPath, [join(home, "jingo"), "--sample-config"], {
  encoding: "utf8",
});
const edited = sample
  .replace(/(ldap:\n\s+enabled:) false/, "$1 true")
  .replace("anonRead: true", "anonRead: false");
writeFileSync("jingo.yaml", edited);
const config = require(join(home, "lib/config"));
global.Git = require(join(home, "lib/gitmech")); // as the bin sets it, before the app loads
if (!config.load("jingo.yaml") || !config.validate()) throw new Error(config.getError());
require(join(home, "lib/app")).initialize(config);
globalThis.BENCH_DUMP();
