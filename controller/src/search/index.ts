// `e2e search`: hybrid search over a manifest's endpoints, DTOs and fields and the suite's page
// methods and modules, ranked by lib/search as the task graph ranks. See README.md.
export type { HitKind } from "./documents.js";
export { findManifest } from "./find-manifest.js";
export { type OpenedIndex, openSearchIndex, type SearchEmbedder } from "./open-index.js";
export type { SearchHit, SearchIndex, SearchOptions } from "./search-index.js";
