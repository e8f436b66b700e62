// Loads a Fastify app that is a plugin (`module.exports = async function (fastify, opts)`, as
// fastify-cli generates and runs it) into a Fastify instance and waits for it to be ready;
// node-routes.cjs prints the onRoute table. Usage: fastify-plugin-app.cjs PATH_IN_BENCH_APP_HOME
const { createRequire } = require("node:module");
const { join } = require("node:path");
const home = join(process.env.BENCH_APP_HOME, "node_modules/");
const fastify = createRequire(home)("fastify");
const app = fastify();
(async () => {
  const plugin = await import(join(process.env.BENCH_APP_HOME, process.argv[2]));
  app.register(plugin.default ?? plugin);
  await app.ready();
  globalThis.BENCH_DUMP();
})();
