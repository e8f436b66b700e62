// Why a wait ended without readiness: it ran out of time, or it was interrupted.

/** Says what was expected, from where, the limit and the last thing seen. */
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

/** The wait's signal aborted: Ctrl-C, or the thing waited for exited. */
export class WaitInterruptedError extends Error {
  readonly code = "E2E_WAIT_INTERRUPTED";
  constructor(
    readonly target: string,
    readonly lastSeen: string,
    readonly reason: unknown,
  ) {
    super(`Wait for ${target} interrupted: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = "WaitInterruptedError";
  }
}
