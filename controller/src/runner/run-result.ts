// The run model: what a run produced, module by module, and the context it ran in. The runner
// makes it; reporters (report/) read it.

import type { ResolvedConfig } from "../config/index.js";
import type { RecordedExchange } from "../http/index.js";

/** `interrupted`: it was running when the run was interrupted (Ctrl-C); its outcome is unknown. */
export type ModuleStatus = "passed" | "failed" | "error" | "skipped" | "flaky" | "interrupted";

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

/** One attempt of a module: every attempt is kept, so a retried failure is never thrown away. */
export interface AttemptRecord {
  status: Exclude<ModuleStatus, "skipped" | "flaky" | "interrupted">;
  durationMs: number;
  failure?: FailureDetails;
  /** The attempt's last request and its response (a failed attempt's in full). */
  lastExchange?: RecordedExchange;
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
  /** Every attempt, in order, when the module ran (length = attempts). */
  attemptLog?: AttemptRecord[];
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
  /** Modules that were running when the run was interrupted; present only when there were any. */
  interrupted?: number;
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
  /** 0 all passed, 1 failed/errored or nothing selected, 2 config/usage, 3 required service unavailable, 130 interrupted. */
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
