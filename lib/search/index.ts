// Ranking pieces shared by the task-graph service's RAG search and the controller's `e2e search`:
// BM25 with field boosts and weighted query terms, and query expansion (WordNet synonyms, corpus
// co-occurrence). See README.md.
export {
  type LexicalHit,
  LexicalIndex,
  type LexicalSearchOptions,
  queryTerms,
  type WeightedTerm,
} from "./bm25.js";
export { mergeTerms, type QueryExpander } from "./expansion.js";
export { CooccurrenceExpander, type CooccurrenceOptions } from "./cooccurrence.js";
export { DEFAULT_SYNONYM_WEIGHTS, type SynonymWeights, WordNetExpander } from "./wordnet.js";
export { NeighbourExpander, type NeighbourOptions } from "./neighbours.js";
export { SOFT_MATCH_THRESHOLD, SoftMatcher } from "./soft-match.js";
export { hybridScore } from "./hybrid.js";
