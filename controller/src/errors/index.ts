// The errors' public face: one error type per exit code, and the function that maps them.
export {
  CommandFailedError,
  EXIT_CODES,
  type ExitCode,
  exitCodeOfError,
  InterruptedError,
  isKnownError,
  ServiceStartError,
  UsageError,
} from "./exit-errors.js";
