// Errors adapters throw that the HTTP layer maps to a status. A backend that cannot be reached
// (connection refused, timed out, closed) is 503 BACKEND_UNAVAILABLE, never a hang or a 500.

export class BackendUnavailableError extends Error {
  readonly code = "BACKEND_UNAVAILABLE";
  /** Which backend failed, e.g. "redis" or "neo4j". */
  readonly backend: string;

  constructor(backend: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackendUnavailableError";
    this.backend = backend;
  }
}
