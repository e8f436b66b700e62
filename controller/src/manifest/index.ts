// `e2e manifest`: scanning an API's source into the manifest (SPEC §5). The CLI command, and
// later generate-tests and search, use it through this file.
export { buildManifest } from "./build-manifest.js";
export { codeFileLines } from "./code-stamp.js";
export { describeEmptyScan, explainEmptyScan } from "./empty-scan.js";
export { readJsonFile, writeAtomically } from "./json-files.js";
export { markdownPath, readManifest, writeManifest } from "./manifest-file.js";
export { crossingImports, describeCrossingImports } from "./outside-imports.js";
export {
  defaultManifestPath,
  loadOptionalConfig,
  type ManifestOptions,
  planTargets,
} from "./plan-targets.js";
export { listSourceFiles } from "./source-tree.js";
export type * from "./types.js";
export { MANIFEST_VERSION } from "./types.js";
