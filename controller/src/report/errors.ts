// Errors of the reporting part, each with a machine code (vitest style: classes with `code`).

export class UnknownReporterError extends Error {
  readonly code = "E2E_UNKNOWN_REPORTER";
  constructor(
    readonly reporter: string,
    readonly valid: readonly string[],
  ) {
    super(`Unknown reporter "${reporter}" (reporting.format / --reporter): use one of ${valid.join(", ")}.`);
    this.name = "UnknownReporterError";
  }
}
