// Starts Node-Media-Server (BENCH_APP_HOME/node_modules/node-media-server) as its bin does, with
// its HTTP API on (JWT auth configured, which is what mounts /api/v1) and the media ports on
// free ones; node-routes.cjs prints the route table when the HTTP server listens.
const { join } = require("node:path");
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
const NodeMediaServer = require(join(process.env.BENCH_APP_HOME, "node_modules/node-media-server"));
const data = mkdtempSync(join(tmpdir(), "nms-"));
const server = new NodeMediaServer({
  bind: "127.0.0.1",
  rtmp: { port: 0 },
  // Port 0 reads as "no HTTP server" in its config: a free-looking high port on loopback.
  http: { port: 30000 + (process.pid % 20000) },
  auth: { jwt: { expiresIn: "24h", refreshExpiresIn: "7d", algorithm: "HS256", users: [] } },
  store: { path: data },
  record: { path: data },
});
server.run();
