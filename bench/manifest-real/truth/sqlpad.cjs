// SQLPad 3 (BENCH_APP_HOME/node_modules/sqlpad), a web app for writing and running SQL: its
// app.js (the Express app server.js serves), configured through its documented environment
// variables with every option that adds routes on (Google sign-in and SAML, placeholder values:
// nothing is reached), its nedb database and config file in the scratch folder; node-routes.cjs
// prints the route table (nothing is served).
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
writeFileSync("sqlpadrc.json", "{}");
Object.assign(process.env, {
  SQLPAD_CONFIG: join(process.cwd(), "sqlpadrc.json"),
  SQLPAD_DB_PATH: process.cwd(),
  GOOGLE_CLIENT_ID: "bench",
  GOOGLE_CLIENT_SECRET: "bench",
  PUBLIC_URL: "http://127.0.0.1:3000",
  SAML_ENTRY_POINT: "http://127.0.0.1:9/saml",
  SAML_ISSUER: "bench",
  SAML_CALLBACK_URL: "http://127.0.0.1:3000/login/callback",
  SAML_CERT: "bench",
  SAML_AUTH_CONTEXT: "bench",
});
require(join(process.env.BENCH_APP_HOME, "node_modules/sqlpad/app.js"));
globalThis.BENCH_DUMP();
