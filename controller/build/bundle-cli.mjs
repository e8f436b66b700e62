// Second step of `npm run build`: rewrites dist/controller/src/cli.js (tsc's output) as one ESM file
// with commander inlined. `e2e --help` then reads one file instead of commander's seven CommonJS
// files through the ESM loader (measured ~9 ms of a ~110 ms cold start). The commands' own modules
// (./cli/*.js, imported when a command runs) stay tsc's output, so the runner, BasePage and the
// "gantry" entry pages import remain one set of modules.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { serviceBundleOptions } from "../../build/bundle-options.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const outfile = join(root, "dist/controller/src/cli.js");
if (!existsSync(outfile)) {
  console.error("bundle-cli: dist/controller/src/cli.js is missing; run tsc -p tsconfig.build.json first");
  process.exit(1);
}
await build({
  ...serviceBundleOptions({ entry: join(root, "controller/src/cli.ts"), outfile }),
  allowOverwrite: true,
  metafile: false,
  // Everything under ./cli/ is loaded from tsc's output next to the bundle.
  external: ["./cli/*"],
});
