// runner's public face: what other parts of the controller import.

export { CompiledLoader } from "./compiled-loader.js";
export type { ConsoleSettings, Reporter, ReporterSource } from "./reporter.js";
export { ReporterHub } from "./reporter-hub.js";
export type { RunOptions } from "./run-options.js";
export type {
  AttemptRecord,
  FailureDetails,
  ModuleResult,
  ModuleStatus,
  RunContext,
  RunResult,
  RunSummary,
  ServiceResult,
} from "./run-result.js";
export { runE2e } from "./run-session.js";
export { exitCodeOf, summarize } from "./run-summary.js";
export { escapeRegExp, runtimeSecretPattern } from "./runtime-secrets.js";
export { parseShard } from "./shard.js";
