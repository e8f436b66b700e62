// TileServer GL's Express app (BENCH_APP_HOME/node_modules/tileserver-gl-light, src/server.js's
// `server`, what its bin starts) with a configuration that serves no data and no style (its bin,
// given nothing, downloads a sample file: not done here), on loopback port 0; node-routes.cjs
// prints the route table when it listens (nothing is served). Express is required first, from
// the app's folder, so the ES module imports the patched one.
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/tileserver-gl-light/");
createRequire(pkg)("express");
process.env.NODE_ENV = "test"; // no request log
const { server } = await import(join(pkg, "src/server.js"));
await server({ config: { options: {}, styles: {}, data: {} }, port: 0, bind: "127.0.0.1" });
