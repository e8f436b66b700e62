export { HttpWaitStrategy } from "./http-wait-strategy.js";
export { Wait } from "./wait.js";
export { WaitInterruptedError } from "./wait-interrupted-error.js";
export type { ProbeResult, WaitOptions, WaitStrategy } from "./wait-strategy.js";
export { AbstractWaitStrategy } from "./wait-strategy.js";
export { WaitTimeoutError } from "./wait-timeout-error.js";
