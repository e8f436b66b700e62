export {
  BasePage,
  PAGE_RECORDER,
  type QueryValue,
  type RequestInit,
  type RequestOptions,
} from "./base-page.js";
export { DispatcherRegistry, tlsOptionsFrom } from "./dispatchers.js";
export { type EventuallyOptions, eventually } from "./eventually.js";
export { type PageAuth, type PageContext, pageContextFor } from "./page-context.js";
export { PageResponse } from "./page-response.js";
export { assertStatus } from "./assert-status.js";
export { assertShape, type FieldShape, type Shapes } from "./shape-check.js";
export { parseTypeText, type TypeNode } from "./type-text.js";
export type { RecordedExchange } from "./recorded-exchange.js";
export type { TestUser } from "./test-user.js";
