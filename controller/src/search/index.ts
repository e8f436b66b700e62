// `e2e search`: hybrid search over a manifest's endpoints, DTOs and fields and the suite's page
// methods and modules, ranked by lib/search as the task graph ranks. See README.md.
export { ApiVocabulary, PHRASE_RULES, VOCABULARY_GROUPS } from "./api-vocabulary.js";
export type { PoolOptions } from "./candidate-pool.js";
export { findManifest } from "./find-manifest.js";
export { openSearchIndex } from "./open-index.js";
export { CHANNEL_FEATURES, type FeatureName, type FeatureSet, featureNames } from "./rank-features.js";
export { searchEmbedders } from "./search-embedders.js";
export type {
  CandidateFeatures,
  RuleName,
  SearchHit,
  SearchIndex,
  SearchIndexOptions,
} from "./search-index.js";
