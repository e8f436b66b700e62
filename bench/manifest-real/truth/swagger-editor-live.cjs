// swagger-editor-live, Swagger Editor served to edit one OpenAPI file
// (BENCH_APP_HOME/node_modules/swagger-editor-live): `edit(file, port, host)` as its bin calls
// it, with a scratch file, on a loopback port found free first; node-routes.cjs prints the
// route table when it starts listening, before the browser its callback would open.
const net = require("node:net");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { edit } = require(join(process.env.BENCH_APP_HOME, "node_modules/swagger-editor-live"));
writeFileSync("spec.yaml", "openapi: 3.0.0\ninfo: { title: bench, version: '1' }\npaths: {}\n");
const probe = net.createServer().listen(0, "127.0.0.1", () => {
  const { port } = probe.address();
  probe.close(() => edit(join(process.cwd(), "spec.yaml"), port, "127.0.0.1"));
});
