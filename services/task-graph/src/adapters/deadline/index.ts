export { Deadlines } from "./deadlines.js";
export { DeadlineEmbedder } from "./embedder.js";
export { DeadlineGraphStore } from "./graph-store.js";
export { DeadlineVectorIndex } from "./vector-index.js";
