export { type EmbeddedGraphOptions, EmbeddedGraphStore } from "./embedded-graph-store.js";
