export {
  createServiceApp,
  DEFAULT_BODY_LIMIT,
  MAX_PARAM_LENGTH,
  routesOf,
  type ServiceApp,
  type ServiceAppOptions,
} from "./create-app.js";
export { type ErrorTranslator, errorHandler, sendError, toHttpError } from "./error-handler.js";
export { errorResponse, errorResponses } from "./error-responses.js";
export {
  type CommonErrorCode,
  ERROR_CODES,
  type ErrorBody,
  type ErrorSpec,
  HttpError,
  httpError,
} from "./errors.js";
export { type ListenOptions, listen, resolvePort } from "./listen.js";
export {
  CENSORED,
  loggerOptions,
  redactSecrets,
  redactUrl,
  resolveLogLevel,
  SECRET_KEY,
  SECRET_QUERY_NAME,
} from "./logger.js";
export {
  declareSecuritySchemes,
  type OpenApiSecurityScheme,
  principalOf,
  type SecurityRequirement,
  type SecurityScheme,
} from "./route-security.js";
export { MAX_GRAPHEMES, UNIQUE_IGNORING_CASE } from "./schema-keywords.js";
export { ErrorBodySchema, PageQueryProperties } from "./schemas.js";
export { handleShutdownSignals, type ShutdownOptions } from "./shutdown.js";
export { graphemeLength, isBlank, VISIBLE_PATTERN } from "./text.js";
export { utcTimestamp } from "./timestamp.js";
