export { HttpWaitStrategy } from "./http-wait-strategy.js";
export { Wait } from "./wait.js";
export { WaitInterruptedError, WaitTimeoutError } from "./wait-errors.js";
export type { ProbeResult, WaitOptions, WaitStrategy } from "./wait-strategy.js";
export { AbstractWaitStrategy } from "./wait-strategy.js";
