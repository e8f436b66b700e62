// A wait's signal aborted (Ctrl-C, or the thing waited for exited): keeps the last thing seen.

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
