// Bundles one service into a single ESM file with esbuild (used by the build stage of
// services/*/Dockerfile, and runnable on the host). Everything is bundled: the runtime image
// then needs only node and this file.
// Usage: node infra/images/bundle.mjs <service> [outdir]   (default outdir: dist/images/<service>)
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";
import { serviceBundleOptions } from "../../build/bundle-options.mjs";

const [service, outArg] = process.argv.slice(2);
if (!service || !/^[a-z][a-z0-9-]*$/.test(service)) {
  console.error(
    "bundle: usage: node infra/images/bundle.mjs <service> [outdir] (service: kebab-case folder name under services/)",
  );
  process.exit(2);
}
const entry = resolve("services", service, "src", "server.ts");
if (!existsSync(entry)) {
  console.error(`bundle: services/${service}/src/server.ts does not exist`);
  process.exit(2);
}
const outfile = resolve(outArg ?? `dist/images/${service}`, "server.mjs");

/** Worker-thread and child-process modules a service starts by file, bundled beside server.mjs (see server.ts). */
const WORKERS = {
  "task-graph": {
    "extract-worker.mjs": resolve("lib", "code-graph", "extract-worker.ts"),
    "stream-writer.mjs": resolve("lib", "socket-writer", "writer-process.ts"),
  },
};

let result;
try {
  result = await build(serviceBundleOptions({ entry, outfile }));
  for (const [file, workerEntry] of Object.entries(WORKERS[service] ?? {})) {
    await build(serviceBundleOptions({ entry: workerEntry, outfile: resolve(outfile, "..", file) }));
  }
  // The task graph serves the board (GET /board) from ./board beside server.mjs.
  if (service === "task-graph") {
    const { buildBoard } = await import("../../build/bundle-board.mjs");
    await buildBoard(resolve(outfile, "..", "board"));
  }
} catch {
  // esbuild has already printed each error with its file:line:col.
  console.error(`bundle: ${service} failed to bundle (errors above)`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`bundle: ${service} -> ${outfile} (${(bytes / 1024).toFixed(0)} KiB)`);
