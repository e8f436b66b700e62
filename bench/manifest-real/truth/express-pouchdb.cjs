// express-pouchdb (BENCH_APP_HOME/node_modules/express-pouchdb) in its default mode
// (fullCouchDB), mounted as its README does (`app.use("/", require("express-pouchdb")(PouchDB))`)
// with a PouchDB kept in memory (pouchdb-adapter-memory: nothing written but its config and log
// files, in the scratch folder it runs in); node-routes.cjs prints the route table.
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules");
const PouchDB = require(join(home, "pouchdb-core"))
  .plugin(require(join(home, "pouchdb-adapter-memory")))
  .plugin(require(join(home, "pouchdb-adapter-http")))
  .plugin(require(join(home, "pouchdb-mapreduce")))
  .plugin(require(join(home, "pouchdb-replication")))
  .defaults({ adapter: "memory" });
const express = require(join(home, "express"));
const app = express();
app.use("/", require(join(home, "express-pouchdb"))(PouchDB, { inMemoryConfig: true }));
globalThis.BENCH_DUMP();
