// Google Cloud's Functions Framework for Node.js (BENCH_APP_HOME/node_modules/@google-cloud/
// functions-framework): its `functions-framework` bin (build/src/main.js), as its README starts
// it, serving an HTTP function written to the scratch folder (`--target=hello`, the default
// signature type), on loopback port 0; node-routes.cjs prints the route table when it listens.
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
writeFileSync(join(process.cwd(), "index.js"), 'exports.hello = (req, res) => res.send("ok");\n');
const pkg = join(process.env.BENCH_APP_HOME, "node_modules/@google-cloud/functions-framework");
process.argv = [
  process.argv[0],
  join(pkg, "build/src/main.js"),
  "--target=hello",
  "--port=0",
  `--source=${process.cwd()}`,
];
require(join(pkg, "build/src/main.js"));
