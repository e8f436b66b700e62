// One boot in a fresh process, timed from before the (compiled) lifecycle is imported until
// bootServices resolves: the lifecycle's own share of `e2e run`, without the CLI and runner.
// Argv: repo root, then the ResolvedConfig as JSON. Prints {"importMs", "bootMs"} on stdout.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [repo, configJson] = process.argv.slice(2);
const started = performance.now();
const { bootServices } = (await import(
  pathToFileURL(join(repo!, "dist/controller/src/lifecycle/index.js")).href
)) as typeof import("../../controller/src/lifecycle/index.js");
const imported = performance.now();
const result = await bootServices(JSON.parse(configJson!), ["auth"], {
  start: true,
  keep: false,
  reuse: false,
  runId: `bench${process.pid}`,
  log: () => {},
});
const booted = performance.now();
await result.stop();
console.log(JSON.stringify({ importMs: imported - started, bootMs: booted - started }));
