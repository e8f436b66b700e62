// Errors of `e2e run` that end it before any module runs.

/** A bad command-line option or combination: exit 2, like a config error. */
export class UsageError extends Error {
  readonly code = "E2E_USAGE";
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
