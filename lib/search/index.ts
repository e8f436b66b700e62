// Ranking pieces shared by the task-graph service's RAG search and the controller's `e2e search`:
// BM25 with field boosts and weighted query terms, and query expansion (WordNet synonyms, corpus
// co-occurrence). See README.md.
export {
  addFieldTerms,
  type Field,
  type LexicalHit,
  LexicalIndex,
  type LexicalSearchOptions,
  ownTerms,
  queryTerms,
  type WeightedTerm,
} from "./bm25.js";
export { CooccurrenceExpander } from "./cooccurrence.js";
export {
  type E2eSearchWeights,
  e2eSearchWeightsPath,
  parseE2eSearchWeights,
  readE2eSearchWeights,
} from "./e2e-search-weights.js";
export type { QueryExpander } from "./expansion.js";
export { hybridScore } from "./hybrid.js";
export {
  e2eMethodPriorPath,
  learnMethodPrior,
  type MethodPrior,
  methodPriorOf,
  readMethodPrior,
  writeMethodPrior,
} from "./method-prior.js";
export { fitPriorSmoothing, type GroupedExample } from "./method-prior-smoothing.js";
export { NeighbourExpander } from "./neighbours.js";
export {
  candidateDepth,
  MEANING_WEIGHTS,
  MIN_SCORE,
  type RankedHit,
  type RankWeights,
  rankCandidates,
  rankWeights,
  VECTOR_WEIGHT,
} from "./rank.js";
export { feedbackTerms } from "./relevance-feedback.js";
export {
  e2eRerankerPath,
  type FitOptions,
  fitLinearModel,
  type JudgedCandidates,
  type LinearModel,
  linearScore,
  modelProbability,
  readLinearModel,
  writeLinearModel,
} from "./rerank.js";
export { SoftMatcher } from "./soft-match.js";
export {
  leadingCollocations,
  readSynonymText,
  restrictSynonymText,
  WordNetExpander,
} from "./wordnet.js";
export { readVerbStems } from "./wordnet-verbs.js";
