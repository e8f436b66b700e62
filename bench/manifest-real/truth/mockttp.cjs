// Mockttp's admin server (BENCH_APP_HOME/node_modules/mockttp: dist/admin/admin-server.js, the
// Express app its `mockttp -c` bin serves for remote clients), built as getAdminServer() builds
// it and started on a loopback port found free first; node-routes.cjs prints the route table
// when it listens. The routes of a mock session are served under `/session/:id/` by a router
// the server makes for each session it starts (its own dispatch, not an Express mount): one
// session without plugins is started first, the way `POST /start` does, and its router's
// routes are added under that prefix.
const net = require("node:net");
const { join } = require("node:path");
const mockttp = require(join(process.env.BENCH_APP_HOME, "node_modules/mockttp"));
const admin = mockttp.getAdminServer();
const sessionRoutes = (router) =>
  router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route.methods).map((m) => ({
        method: m.toUpperCase(),
        path: `/session/:id${layer.route.path === "/" ? "/" : layer.route.path}`,
        ...(layer.route.path === "/" ? { also: ["/session/:id"] } : {}),
      })),
    );
admin.startSessionManagementAPI("bench", {}).then(() => {
  globalThis.BENCH_MORE_ROUTES = [() => sessionRoutes(admin.sessions.bench.router)];
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => admin.start({ port, host: "127.0.0.1" }));
  });
});
