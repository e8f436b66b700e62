// The result model of a run and the Reporter interface (vitest style: optional async hooks).
// Contract between the runner (produces events) and the reporters (console, json, junit, html).

import type { ResolvedConfig } from "../config/types.js";

export type ModuleStatus = "passed" | "failed" | "error" | "skipped" | "flaky";

/** One HTTP exchange made by a page, as kept in the per-module request history. */
export interface RecordedExchange {
  method: string;
  /** Full URL requested. */
  url: string;
  /** Path template matched against services.<name>.endpoints (e.g. /api/users/{id}), if any. */
  endpoint?: { name: string; template: string };
  requestHeaders: Record<string, string>;
  /** Present only when reporting.include_payloads (redaction is the reporters' job). */
  requestBody?: unknown;
  /** undefined when the request failed before a response (then `error` is set). */
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
  error?: string;
  startedAt: string;
  durationMs: number;
  /** Attempts made, counting retries (test_data.retries). */
  attempts: number;
}

export interface FailureDetails {
  /** "AssertionError", "TypeError", ... */
  name: string;
  message: string;
  /** Present for assertion failures when the assert carried them. */
  expected?: unknown;
  actual?: unknown;
  /** The assert's location inside the scenario module: "services/auth/modules/01_health.ts:12:3". */
  location?: string;
  stack?: string;
}

export interface ModuleResult {
  service: string;
  /** File name without extension, e.g. "01_health". */
  module: string;
  /** Path relative to the config's rootDir. */
  file: string;
  tags: string[];
  status: ModuleStatus;
  durationMs: number;
  /** 1 unless retried (--retries); flaky = failed attempt(s) then a pass. */
  attempts: number;
  failure?: FailureDetails;
  /** Why it was skipped (filtered out, service unavailable). */
  skipReason?: string;
  /** The request history of the (last) attempt, in order. */
  requests: RecordedExchange[];
  /** What run(page) returned, summarised: status of the last response, if it was one. */
  lastResponseStatus?: number;
}

export interface ServiceResult {
  name: string;
  baseUrl: string;
  modules: ModuleResult[];
  /** Configured endpoint names (services.<name>.endpoints) that no module called. */
  uncalledEndpoints: string[];
}

export interface RunSummary {
  total: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  flaky: number;
  durationMs: number;
}

export interface RunResult {
  runId: string;
  startedAt: string;
  finishedAt: string;
  configPath: string;
  environment: string;
  project: { name: string; version: string };
  services: ServiceResult[];
  summary: RunSummary;
  /** 0 all passed, 1 failed/errored or nothing selected, 2 config/usage, 3 required service unavailable. */
  exitCode: number;
}

export interface RunContext {
  runId: string;
  config: ResolvedConfig;
  /** Where file reporters write (--report-dir, else reporting.log_dir). Absolute. */
  reportDir: string;
  /** Selected modules per service, in run order. */
  plan: { service: string; modules: string[] }[];
}

export interface Reporter {
  onInit?(ctx: RunContext): void | Promise<void>;
  onServiceStart?(service: string, baseUrl: string): void | Promise<void>;
  onModuleStart?(service: string, module: string): void | Promise<void>;
  onModuleResult?(result: ModuleResult): void | Promise<void>;
  /** Lifecycle and other progress lines (booting, health polling). */
  onLog?(line: string): void | Promise<void>;
  onRunEnd?(result: RunResult): void | Promise<void>;
}
