// Second step of `npm run build`: rewrites dist/controller/src/cli.js (tsc's output) as one ESM file
// with commander inlined. `e2e --help` then reads one file instead of commander's seven CommonJS
// files through the ESM loader (measured ~9 ms of a ~110 ms cold start). The commands' own modules
// (./cli/*.js, imported when a command runs) stay tsc's output, so the runner, BasePage and the
// "gantry" entry pages import remain one set of modules.
// Then `e2e search`'s module (dist/controller/src/cli/search.js) is rewritten the same way, since no
// page imports it: a search from a warm index loaded ~50 of tsc's modules (lib/search and
// lib/embedding through their index files); one file of them is read, parsed and linked once
// (issue 21: ~50 ms of CPU of a ~370 ms search on a busy machine). What a warm search does not run stays
// tsc's output, imported when needed: building the index (../search/build-index.js, whose
// tree-sitter finds its .wasm files beside its own modules) and the config (../config/index.js);
// packages stay external as in tsc's output.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { serviceBundleOptions } from "../../build/bundle-options.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * commander requires node:child_process at load, for executable subcommands (which `e2e` has
 * none of); loading that built-in pulls in net, dgram and more (~5-20 ms of every command's
 * start, issue 21). In the bundle, commander gets a stand-in that loads it on its first spawn.
 */
const childProcessWhenSpawned = {
  name: "child-process-when-spawned",
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, ({ importer }) =>
      importer.includes(join("node_modules", "commander"))
        ? { path: "child_process", namespace: "lazy" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy" }, () => ({
      contents: `const load = () => require("node:child_process");
module.exports = { spawn: (...args) => load().spawn(...args) };`,
      loader: "js",
    }));
  },
};
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
  plugins: [childProcessWhenSpawned],
});

/** Imports left to tsc's output, each rewritten to its path from dist/controller/src/cli/. */
const loadedWhenNeeded = {
  "./build-index.js": "../search/build-index.js",
  "../config/index.js": "../config/index.js",
};
const searchOutfile = join(root, "dist/controller/src/cli/search.js");
await build({
  ...serviceBundleOptions({ entry: join(root, "controller/src/cli/search.ts"), outfile: searchOutfile }),
  allowOverwrite: true,
  metafile: false,
  packages: "external",
  plugins: [
    {
      name: "loaded-when-needed",
      setup(b) {
        b.onResolve({ filter: /^\.\.?\/(build-index|config\/index)\.js$/ }, ({ path, resolveDir }) =>
          resolveDir.endsWith(join("controller", "src", "search")) && loadedWhenNeeded[path]
            ? { path: loadedWhenNeeded[path], external: true }
            : undefined,
        );
      },
    },
  ],
});
