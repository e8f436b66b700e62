export { remember } from "./bounded-memo.js";
export { ShardedMap, ShardedSet } from "./sharded-map.js";
