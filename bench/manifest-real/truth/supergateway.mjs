// supergateway (BENCH_APP_HOME/node_modules/supergateway), an MCP stdio server served over HTTP:
// its bin in each documented mode that serves HTTP (stdio→SSE, the default; stdio→WS;
// stdio→Streamable HTTP, stateless and `--stateful`), each with `--healthEndpoint /healthz`, a
// `cat` as the stdio server and a loopback port found free first. Each mode is its own process
// (a mode is chosen per start) with node-routes.cjs preloaded, which prints its table when it
// listens; this script prints the union. Express is required from the app's folder before the
// bin is imported, so the ES module gets the patched one.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(process.env.BENCH_APP_HOME, "node_modules/supergateway/");
const freePort = () =>
  new Promise((done) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

if (process.env.BENCH_SG_ARGS) {
  createRequire(pkg)("express");
  process.argv = [process.argv[0], join(pkg, "dist/index.js"), ...JSON.parse(process.env.BENCH_SG_ARGS)];
  await import(join(pkg, "dist/index.js"));
} else {
  const modes = [
    [],
    ["--outputTransport", "ws"],
    ["--outputTransport", "streamableHttp"],
    ["--outputTransport", "streamableHttp", "--stateful"],
  ];
  const lines = new Set();
  for (const mode of modes) {
    const args = [
      "--stdio",
      "cat",
      "--port",
      String(await freePort()),
      "--healthEndpoint",
      "/healthz",
      "--logLevel",
      "none",
      ...mode,
    ];
    const out = execFileSync(
      process.execPath,
      ["--require", join(import.meta.dirname, "node-routes.cjs"), fileURLToPath(import.meta.url)],
      {
        env: { ...process.env, BENCH_SG_ARGS: JSON.stringify(args) },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    for (const l of out.split("\n")) if (l.startsWith("{")) lines.add(l);
  }
  process.stdout.write([...lines].map((l) => `${l}\n`).join(""), () => process.exit(0));
}
