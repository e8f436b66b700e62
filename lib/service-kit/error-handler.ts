/**
 * The one place where anything thrown inside a request becomes the `{error, code, details?}` body.
 * Fastify's own errors (parser, body limit, validation) are translated to our codes here.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError, httpError } from "./errors.js";
import { type AjvLikeError, summariseValidationError } from "./validation-message.js";

interface FastifyishError {
  code?: string;
  statusCode?: number;
  validation?: AjvLikeError[];
  validationContext?: string;
}

const FASTIFY_CODES: Record<string, () => HttpError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => httpError("INVALID_JSON"),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    httpError("INVALID_JSON", "The request body is empty but Content-Type says application/json."),
  FST_ERR_CTP_BODY_TOO_LARGE: () => httpError("PAYLOAD_TOO_LARGE"),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => httpError("UNSUPPORTED_MEDIA_TYPE"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    httpError("BAD_REQUEST", "The request body size does not match its Content-Length header."),
  FST_ERR_BAD_URL: () => httpError("BAD_REQUEST", "The request URL is not valid."),
  FST_ERR_MAX_PARAM_LENGTH: () => httpError("BAD_REQUEST", "A path parameter is too long."),
};

/** Maps any thrown value to an HttpError; unknown errors become a generic 500. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = (err ?? {}) as FastifyishError;
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const summary = summariseValidationError(e.validation[0]!, e.validationContext ?? "body");
    return httpError("VALIDATION_ERROR", summary.message, {
      field: summary.field,
      location: summary.location,
      rule: summary.rule,
    });
  }
  const mapped = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (mapped) return mapped();
  // secure-json-parse and JSON.parse throw SyntaxError with a 400 status for bad bodies.
  if (err instanceof SyntaxError && e.statusCode === 400) return httpError("INVALID_JSON");
  return httpError("INTERNAL_ERROR");
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  if (error.code === "METHOD_NOT_ALLOWED" && Array.isArray(error.details?.allowed)) {
    reply.header("allow", (error.details.allowed as string[]).join(", "));
  }
  return reply.code(error.status).type("application/json; charset=utf-8").send(error.toJSON());
}

/** The client closed the connection before its request was read in full (or timed out). */
function clientAborted(err: unknown, request: FastifyRequest): boolean {
  return (
    (err as FastifyishError | undefined)?.code === "ECONNRESET" && request.raw.socket?.destroyed === true
  );
}

/**
 * Turns a service's own error types into HttpErrors (e.g. a domain's codes through its status
 * table); undefined leaves the error to toHttpError.
 */
export type ErrorTranslator = (err: unknown) => HttpError | undefined;

/** The error handler of an app whose own errors `translate` maps (see createServiceApp). */
export function errorHandlerWith(translate: ErrorTranslator) {
  return (err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    errorHandler(translate(err) ?? err, request, reply);
}

export function errorHandler(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (clientAborted(err, request)) {
    // Nothing went wrong on our side: not an error (the onRequestAbort hook logs it at info). The
    // answer completes the request's lifecycle; the closed socket discards it.
    return sendError(reply, httpError("BAD_REQUEST", "The request was not received in full."));
  }
  const httpErr = toHttpError(err);
  if (httpErr.status >= 500) {
    // Details of unexpected failures go to the log only, never to the client.
    request.log.error({ err }, "request failed");
  } else {
    request.log.info({ code: httpErr.code, status: httpErr.status }, httpErr.message);
  }
  return sendError(reply, httpErr);
}
