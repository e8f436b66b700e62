// Text embedding shared by the task-graph service (RAG search) and the controller (`e2e search`).
export { CorpusStatistics } from "./corpus-stats.js";
export { dataFile } from "./data-file.js";
export {
  cosine,
  cosineOf,
  HashingEmbedder,
} from "./hashing-embedder.js";
export { HttpEmbedder, type HttpEmbedderOptions } from "./http-embedder.js";
export { EmbeddingsError } from "./http-response.js";
export { EmbedderConfigError, selectEmbedder } from "./select.js";
export { stem } from "./stem.js";
export {
  forEachIdentifier,
  forEachToken,
  identifierSpans,
  identifierStems,
  splitIdentifier,
  tokenize,
} from "./tokenize.js";
export { WordVectorEmbedder } from "./word-vector-embedder.js";
export { LOOKUP_MEMO_LIMIT, loadWordVectors, WORD_VECTORS_PATH, WordVectors } from "./word-vectors.js";
