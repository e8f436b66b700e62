// The one set of esbuild options of the repository: TypeScript bundled into one ESM file for Node.
// Used by the images' build stage (infra/images/bundle.mjs), `e2e`'s process launcher
// (controller/bin/start-service.mjs), so a service runs from the same kind of bundle in a
// container and on the host, and the CLI entry (controller/build/bundle-cli.mjs).

/** @returns {import("esbuild").BuildOptions} */
export function serviceBundleOptions({ entry, outfile, logLevel = "warning", absWorkingDir }) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minifySyntax: true,
    sourcemap: false,
    legalComments: "none",
    logLevel,
    ...(absWorkingDir ? { absWorkingDir } : {}),
    // CommonJS dependencies call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __gantryCreateRequire } from 'node:module'; const require = __gantryCreateRequire(import.meta.url);",
    },
    metafile: true,
  };
}
