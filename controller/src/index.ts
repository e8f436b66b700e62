// The package's public entry: `import { BasePage } from "gantry"` in pages and scenario modules,
// and the config API for scripts that read e2e.conf.

export * from "./config/index.js";
export type { RecordedExchange } from "./http/index.js";
export {
  assertShape,
  assertStatus,
  BasePage,
  type EventuallyOptions,
  eventually,
  type FieldShape,
  type PageContext,
  PageResponse,
  type QueryValue,
  type RequestInit,
  type RequestOptions,
  type Shapes,
  type TestUser,
} from "./http/index.js";
export type {
  FailureDetails,
  ModuleResult,
  ModuleStatus,
  Reporter,
  RunContext,
  RunResult,
  RunSummary,
  ServiceResult,
} from "./runner/index.js";
