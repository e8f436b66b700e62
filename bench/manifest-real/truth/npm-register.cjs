// npm-register, a private npm registry (BENCH_APP_HOME/node_modules/npm-register): lib/server.js,
// the Express app `npm-register start` serves (lib/start.js listens on it), with its default
// configuration (file storage in the scratch folder, no URL prefix, no Redis); built without
// serving, then node-routes.cjs prints the route table. Its password check needs bcrypt 2.0.1,
// a native module that neither downloads its binary here nor builds on this Node: it is stood
// in for by a module that throws when called (it is only called by a login, never while the
// routes are built).
const Module = require("node:module");
const { join } = require("node:path");
const app = join(process.env.BENCH_APP_HOME, "node_modules/npm-register/lib/server.js");
const bcrypt = Module.createRequire(require.resolve("htpasswd-auth", { paths: [app] })).resolve("bcrypt");
const unavailable = () => {
  throw new Error("bcrypt is not built here");
};
require.cache[bcrypt] = {
  id: bcrypt,
  filename: bcrypt,
  loaded: true,
  exports: { compare: unavailable, hash: unavailable, compareSync: unavailable, hashSync: unavailable },
};
require(app);
globalThis.BENCH_DUMP();
