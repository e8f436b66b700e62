export { getRuntimeClient, RuntimeClient } from "./runtime-client.js";
export type * from "./types.js";
