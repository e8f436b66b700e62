// The Firebase CLI's Local Emulator Suite (BENCH_APP_HOME/node_modules/firebase-tools,
// lib/emulator): each emulator whose HTTP server is an Express app built in Node — the hub,
// Authentication, Cloud Storage, Cloud Functions, Cloud Tasks and Eventarc — built with the
// arguments `firebase emulators:start` hands it (a `demo-` project, as the docs advise for
// offline use; loopback addresses), without listening; node-routes.cjs prints the union of
// their route tables. The Emulator UI's app is left out: it refuses to start without a
// running hub. Auth's REST API is served by an OpenAPI middleware (exegesis), not by Express
// routes, so only its own Express routes are in the table: exegesis-express is stood in for by
// a middleware that passes requests on (compiling Auth's API spec takes over a minute of CPU
// under load here, and adds no route to the table).
const { join } = require("node:path");
const lib = join(process.env.BENCH_APP_HOME, "node_modules/firebase-tools/lib/emulator");
const projectId = "demo-bench";
const listen = [{ address: "127.0.0.1", family: "IPv4", port: 0 }];
const host = "127.0.0.1";

async function main() {
  const exegesis = require.resolve("exegesis-express", { paths: [join(lib, "auth")] });
  require.cache[exegesis] = {
    id: exegesis,
    filename: exegesis,
    loaded: true,
    exports: { middleware: async () => (_q, _s, next) => next() },
  };
  const { EmulatorHub } = require(join(lib, "hub.js"));
  await new EmulatorHub({ projectId, listen }).createExpressApp();
  await require(join(lib, "auth/server.js")).createApp(projectId);
  const { StorageEmulator } = require(join(lib, "storage/index.js"));
  const storage = new StorageEmulator({ projectId, host, port: 0, rules: [], auto_download: false });
  await require(join(lib, "storage/server.js")).createApp(projectId, storage);
  const { FunctionsEmulator } = require(join(lib, "functionsEmulator.js"));
  new FunctionsEmulator({ projectId, host, port: 0, emulatableBackends: [] }).createHubServer();
  const { TasksEmulator } = require(join(lib, "tasksEmulator.js"));
  new TasksEmulator({ projectId, host, port: 0 }).createHubServer();
  const { EventarcEmulator } = require(join(lib, "eventarcEmulator.js"));
  new EventarcEmulator({ projectId, host, port: 0 }).createHubServer();
  globalThis.BENCH_DUMP();
}
main();
