export {
  BasePage,
  PAGE_RECORDER,
  type QueryValue,
  type RequestInit,
  type RequestOptions,
} from "./base-page.js";
export { DispatcherRegistry, type TlsOptions, tlsOptionsFrom } from "./dispatchers.js";
export { EndpointMatcher } from "./endpoint-matcher.js";
export { type EventuallyOptions, eventually } from "./eventually.js";
export { type PageContext, pageContextFor } from "./page-context.js";
export { PageResponse } from "./page-response.js";
export { RequestRecorder } from "./request-recorder.js";
export type { TestUser } from "./test-user.js";
