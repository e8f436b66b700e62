// The package's public entry: `import { BasePage } from "gantry"` in pages and scenario modules,
// and the config API for scripts that read e2e.conf.

export * from "./config/index.js";
export {
  BasePage,
  type PageContext,
  PageResponse,
  type QueryValue,
  type RequestInit,
  type RequestOptions,
  type TestUser,
} from "./http/index.js";
export type {
  FailureDetails,
  ModuleResult,
  ModuleStatus,
  RecordedExchange,
  Reporter,
  RunContext,
  RunResult,
  RunSummary,
  ServiceResult,
} from "./report/types.js";
