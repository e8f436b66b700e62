export { ArgumentValidators } from "./argument-validator.js";
export {
  createServiceApp,
  MAX_PARAM_LENGTH,
  routesOf,
  type ServiceApp,
} from "./create-app.js";
export { describedErrorResponse, errorResponses } from "./error-responses.js";
export {
  ERROR_CODES,
  type ErrorSpec,
  HttpError,
  httpError,
} from "./errors.js";
export { listen, resolvePort } from "./listen.js";
export {
  declareSecuritySchemes,
  principalOf,
  type SecurityRequirement,
} from "./route-security.js";
export { MAX_GRAPHEMES, UNIQUE_IGNORING_CASE } from "./schema-keywords.js";
export { PageQueryProperties } from "./schemas.js";
export { slicedArrayValidatorCompiler } from "./sliced-body-validator.js";
export { handleShutdownSignals, ignoreSignals } from "./shutdown.js";
export { graphemeLength, VISIBLE_PATTERN } from "./text.js";
export { utcTimestamp } from "./timestamp.js";
