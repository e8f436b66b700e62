export { EmbeddedGraphStore } from "./embedded-graph-store.js";
