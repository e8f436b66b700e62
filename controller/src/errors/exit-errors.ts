// The errors every `e2e` command may end with, one type per exit code, and the one function that
// maps an error to its exit code (README's exit-code table). A part's own errors extend one of
// these (ConfigError is a UsageError, RequiredServiceError a ServiceStartError), so no command
// decides by itself which error is the user's to fix.

/** The exit codes of every command. */
export const EXIT_CODES = {
  /** Every selected module passed; the command did what was asked. */
  ok: 0,
  /** A module failed or errored, nothing was selected, a report could not be written, or an unexpected error. */
  failed: 1,
  /** A usage or configuration error: the user's to fix before anything runs. */
  usage: 2,
  /** A required service could not be started or never became healthy. */
  serviceStart: 3,
  /** Interrupted (Ctrl-C, SIGTERM). */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** An error whose exit code is known: the base of the four kinds below. */
export abstract class E2eError extends Error {
  abstract readonly exitCode: ExitCode;
  /** A machine code, `E2E_<WHAT>`. */
  abstract readonly code: string;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A bad option, argument or combination, or a configuration that cannot be used: exit 2. */
export class UsageError extends E2eError {
  readonly exitCode = EXIT_CODES.usage;
  readonly code: string = "E2E_USAGE";
}

/** A required service could not be started or never became healthy: exit 3. */
export class ServiceStartError extends E2eError {
  readonly exitCode = EXIT_CODES.serviceStart;
  readonly code: string = "E2E_SERVICE_START";
}

/** The command could not finish its job for a reason that is not a usage error (a report it could not write): exit 1. */
export class CommandFailedError extends E2eError {
  readonly exitCode = EXIT_CODES.failed;
  readonly code: string = "E2E_FAILED";
}

/** The command was interrupted (Ctrl-C, SIGTERM) before it finished: exit 130. */
export class InterruptedError extends E2eError {
  readonly exitCode = EXIT_CODES.interrupted;
  readonly code: string = "E2E_INTERRUPTED";
}

const KNOWN = new Set<number>(Object.values(EXIT_CODES));

/**
 * The exit code of a command that ended with `err`: the code of its kind, 1 for anything else.
 * Read from the error's `exitCode`, not by `instanceof`: the CLI's bundle and the modules it loads
 * may each hold a copy of these classes.
 */
export function exitCodeOfError(err: unknown): ExitCode {
  const code = (err as { exitCode?: unknown } | null)?.exitCode;
  return err instanceof Error && typeof code === "number" && KNOWN.has(code) && code !== 0
    ? (code as ExitCode)
    : EXIT_CODES.failed;
}

/** True for the errors this controller raises on purpose: their message is the whole story. */
export function isKnownError(err: unknown): err is E2eError {
  const code = (err as { exitCode?: unknown } | null)?.exitCode;
  return err instanceof Error && typeof code === "number" && KNOWN.has(code);
}
