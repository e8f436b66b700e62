// `e2e search`: hybrid search over a manifest's endpoints, DTOs and fields and the suite's page
// methods and modules, ranked by lib/search as the task graph ranks. See README.md.
export { findManifest } from "./find-manifest.js";
export { openSearchIndex } from "./open-index.js";
export type { SearchHit } from "./search-index.js";
