// A wait ran out of time: says what was expected, from where, the limit and the last thing seen.

export class WaitTimeoutError extends Error {
  readonly code = "E2E_WAIT_TIMEOUT";
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
