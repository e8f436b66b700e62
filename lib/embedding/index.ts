// Text embedding shared by the task-graph service (RAG search) and the controller (`e2e search`).
export { CorpusStatistics, type CorpusStats } from "./corpus-stats.js";
export { dataFile } from "./data-file.js";
export { hash32 } from "./hash.js";
export {
  cosine,
  DEFAULT_DIMENSION,
  HashingEmbedder,
  type HashingEmbedderOptions,
  normalize,
} from "./hashing-embedder.js";
export { stem } from "./stem.js";
export { isStopword } from "./stopwords.js";
export {
  type IdentifierSpan,
  identifierSpans,
  splitIdentifier,
  type TokenizeOptions,
  tokenize,
} from "./tokenize.js";
export { WordVectorEmbedder, type WordVectorEmbedderOptions } from "./word-vector-embedder.js";
export { loadWordVectors, WORD_VECTORS_PATH, WordVectors } from "./word-vectors.js";
