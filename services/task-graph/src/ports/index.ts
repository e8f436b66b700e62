export type * from "./embedder.js";
export type * from "./graph-store.js";
export type * from "./vector-index.js";
