// test_data.retries: only requests that are safe to repeat, only for transient failures.

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
const RETRIABLE_STATUS = new Set([502, 503, 504]);
// Failures to connect or a dropped connection; a slow server (headers timeout) is not retried.
const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED",
]);

function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

export function shouldRetryStatus(method: string, status: number): boolean {
  return isIdempotent(method) && RETRIABLE_STATUS.has(status);
}

export function shouldRetryError(method: string, err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return isIdempotent(method) && code !== undefined && CONNECTION_ERRORS.has(code);
}

/** Exponential: backoff, 2×backoff, 4×backoff... */
export function backoffDelay(backoffMs: number, failedAttempts: number): number {
  return backoffMs * 2 ** (failedAttempts - 1);
}
