// jsreport's Express extension (BENCH_APP_HOME/node_modules/@jsreport/jsreport-express), the
// HTTP API and studio host of the jsreport report server: jsreport-core with the extension,
// as its README composes them (`jsreport().use(require("@jsreport/jsreport-express")())`),
// extensions not discovered, its in-memory store, listening on a loopback port found free
// first; node-routes.cjs prints the route table when it listens (nothing is served).
const net = require("node:net");
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules");
const jsreport = require(join(home, "@jsreport/jsreport-core"));
const express = require(join(home, "@jsreport/jsreport-express"));
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  const { port } = probe.address();
  probe.close(() =>
    jsreport({
      discover: false,
      rootDirectory: process.cwd(),
      tempDirectory: join(process.cwd(), "tmp"),
      httpPort: port,
      extensions: { express: { hostname: "127.0.0.1" } },
    })
      .use(express())
      .init(),
  );
});
