// A wait ran out of time: says what was expected, from where, the limit and the last thing seen.
// A service that never answered as expected did not start: exit 3.

import { ServiceStartError } from "../../errors/index.js";

export class WaitTimeoutError extends ServiceStartError {
  override readonly code = "E2E_WAIT_TIMEOUT";
  constructor(
    readonly target: string,
    readonly expectation: string,
    readonly timeoutMs: number,
    readonly lastSeen: string,
  ) {
    super(`${expectation} from ${target} not received after ${timeoutMs}ms (last seen: ${lastSeen})`);
    this.name = "WaitTimeoutError";
  }
}
