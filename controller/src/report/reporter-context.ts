// What every reporter is built from: the console's options and the run's reporting settings,
// taken from the config once per run (one redactor for all reporters: they share the report
// document).

import { resolve } from "node:path";
import type { ConsoleSettings, RunContext } from "../runner/index.js";
import { Redactor } from "./redact.js";

export interface ReporterContext extends ConsoleSettings {
  /** Console: show the run's log lines (general.verbose or --verbose). @default true */
  logs?: boolean;
  /** reporting.screenshot_on_failure: a text snapshot per failed module under <reportDir>/failures/. */
  failureSnapshots?: boolean;
  /** Where file reporters write (--report-dir, else reporting.log_dir). */
  reportDir: string;
  /** reporting.include_payloads: headers and bodies in the json/html/junit reports. */
  includePayloads: boolean;
  /** Redactor.fromConfig(config): applied to everything a file reporter or the run log writes. */
  redactor: Redactor;
  /** reporting.save_logs: also write <logDir>/e2e-<runId>.log. */
  saveLogs: boolean;
  /** reporting.log_dir (relative paths are resolved against the config's folder). */
  logDir: string;
  /** Where a reporter named by a relative path is looked for. @default process.cwd() */
  rootDir?: string;
}

export function reporterContextFor(run: RunContext, console: ConsoleSettings): ReporterContext {
  const { config } = run;
  return {
    ...console,
    // general.verbose (default true) shows the run's log lines; --verbose shows them whatever it says.
    logs: config.general.verbose || console.verbose,
    failureSnapshots: config.reporting.screenshot_on_failure,
    reportDir: run.reportDir,
    includePayloads: config.reporting.include_payloads,
    redactor: Redactor.fromConfig(config),
    saveLogs: config.reporting.save_logs,
    logDir: resolve(config.rootDir, config.reporting.log_dir),
    rootDir: config.rootDir,
  };
}
