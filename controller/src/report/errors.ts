// Errors of the reporting part, each with a machine code (vitest style: classes with `code`): a
// reporter that cannot be had is a usage error (exit 2); a report that cannot be written fails the
// command (exit 1), as a failed report turns a green run red.

import { CommandFailedError, UsageError } from "../errors/index.js";

export class UnknownReporterError extends UsageError {
  override readonly code = "E2E_UNKNOWN_REPORTER";
  constructor(
    readonly reporter: string,
    readonly valid: readonly string[],
  ) {
    super(`Unknown reporter "${reporter}" (reporting.format / --reporter): use one of ${valid.join(", ")}.`);
    this.name = "UnknownReporterError";
  }
}

/** A reporter named by path (reporting.format / --reporter) that is missing or is no reporter. */
export class ReporterModuleError extends UsageError {
  override readonly code = "E2E_REPORTER_MODULE";
  constructor(
    readonly reporter: string,
    reason: string,
    cause?: unknown,
  ) {
    super(`Reporter module "${reporter}" (reporting.format / --reporter): ${reason}`, { cause });
    this.name = "ReporterModuleError";
  }
}

export class RunLogError extends CommandFailedError {
  override readonly code = "E2E_RUN_LOG_UNWRITABLE";
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `Cannot write the run log ${path} (reporting.log_dir): ${reason}. Fix the directory or set reporting.save_logs: false.`,
      {
        cause,
      },
    );
    this.name = "RunLogError";
  }
}
