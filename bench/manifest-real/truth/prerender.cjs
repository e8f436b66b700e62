// Prerender (BENCH_APP_HOME/node_modules/prerender), a server that renders pages in headless
// Chrome for crawlers: `prerender({ port })` as its README's server.js starts it, on a loopback
// port found free first (the options reach Express's listen); node-routes.cjs prints the route
// table when it listens, before any browser is started (`server.start()` is not called).
const net = require("node:net");
const { join } = require("node:path");
const prerender = require(join(process.env.BENCH_APP_HOME, "node_modules/prerender"));
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  const { port } = probe.address();
  probe.close(() => prerender({ port, host: "127.0.0.1" }));
});
