// The Unleash Proxy (BENCH_APP_HOME/node_modules/@unleash/proxy): `createApp` with the options
// of the package's own example.js (OpenAPI on, the server-side SDK and bootstrap options), the
// Unleash API and the bootstrap URL pointed at loopback ports where nothing listens; built, not
// started: node-routes.cjs prints the route table at once, before the client's first fetch fails.
const { join } = require("node:path");
const { createApp } = require(join(process.env.BENCH_APP_HOME, "node_modules/@unleash/proxy/dist/app"));
createApp({
  unleashUrl: "http://127.0.0.1:9/api/",
  unleashApiToken: "bench:default.0",
  clientKeys: ["proxy-secret"],
  refreshInterval: 1000,
  enableOAS: true,
  expServerSideSdkConfig: { tokens: ["server"] },
  expBootstrap: { url: "http://127.0.0.1:9", urlHeaders: { Authorization: "bootstrap-token" } },
  logLevel: "error",
});
globalThis.BENCH_DUMP();
