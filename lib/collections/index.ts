export { ShardedMap, ShardedSet } from "./sharded-map.js";
