export { Wait } from "./wait.js";
export { WaitInterruptedError } from "./wait-interrupted-error.js";
export { WaitTimeoutError } from "./wait-timeout-error.js";
