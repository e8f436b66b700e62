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
export type { RecordedExchange } from "./http/recorded-exchange.js";
export type { ReportFormat } from "./report/reporter-table.js";
export type { Reporter } from "./runner/reporter.js";
export type {
  FailureDetails,
  ModuleResult,
  ModuleStatus,
  RunContext,
  RunResult,
  RunSummary,
  ServiceResult,
} from "./runner/run-result.js";
