/**
 * The one error type of the HTTP services and the table of codes every service shares.
 * Services add their own codes (e.g. USER_NOT_FOUND) by constructing HttpError directly.
 */

export interface ErrorSpec {
  readonly status: number;
  /** Default human sentence; a thrower may pass a more specific one. */
  readonly message: string;
}

export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: "The request is invalid." },
  INVALID_JSON: { status: 400, message: "The request body is not valid JSON." },
  BAD_REQUEST: { status: 400, message: "The request could not be understood." },
  UNAUTHORIZED: { status: 401, message: "A valid bearer token is required." },
  FORBIDDEN: { status: 403, message: "You are not allowed to perform this action." },
  NOT_FOUND: { status: 404, message: "The requested resource does not exist." },
  METHOD_NOT_ALLOWED: { status: 405, message: "This method is not allowed on this path." },
  REQUEST_TIMEOUT: { status: 408, message: "The request was not received in full in time." },
  CONFLICT: { status: 409, message: "The request conflicts with the current state." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is larger than the limit." },
  HEADERS_TOO_LARGE: { status: 431, message: "The request headers are larger than the limit." },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "The request body must be JSON (Content-Type: application/json).",
  },
  INTERNAL_ERROR: { status: 500, message: "An internal error occurred." },
  SERVICE_UNAVAILABLE: { status: 503, message: "The service is shutting down or unavailable." },
} as const satisfies Record<string, ErrorSpec>;

export type CommonErrorCode = keyof typeof ERROR_CODES;

/** JSON body of every error response. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: Record<string, unknown>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  toJSON(): ErrorBody {
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

/** An HttpError for one of the shared codes, with the table's status and (by default) message. */
export function httpError(
  code: CommonErrorCode,
  message?: string,
  details?: Record<string, unknown>,
): HttpError {
  const spec: ErrorSpec = ERROR_CODES[code];
  return new HttpError(spec.status, code, message ?? spec.message, details);
}
