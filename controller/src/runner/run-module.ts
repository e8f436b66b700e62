// One attempt of one scenario module: call run(page), classify the outcome, keep the history.

import { type BasePage, PAGE_RECORDER, PageResponse, type RecordedExchange } from "../http/index.js";
import { failureFrom } from "./failure-details.js";
import type { ScenarioRun } from "./load-suite.js";
import type { FailureDetails, ModuleStatus } from "./run-result.js";

export interface AttemptResult {
  status: ModuleStatus;
  durationMs: number;
  failure?: FailureDetails;
  requests: RecordedExchange[];
  lastResponseStatus?: number;
}

export async function runAttempt(
  run: ScenarioRun,
  page: BasePage,
  moduleFile: string,
  rootDir: string,
): Promise<AttemptResult> {
  const recorder = page[PAGE_RECORDER];
  recorder.begin();
  const started = performance.now();
  try {
    const returned = await run(page);
    const result: AttemptResult = {
      status: "passed",
      durationMs: performance.now() - started,
      requests: recorder.take(),
    };
    const status =
      returned instanceof PageResponse ? returned.status : (returned as { status?: unknown })?.status;
    if (typeof status === "number") result.lastResponseStatus = status;
    return result;
  } catch (err) {
    const durationMs = performance.now() - started;
    // A failure shows the last request and response in full, also without include_payloads.
    return { ...failureFrom(err, moduleFile, rootDir), durationMs, requests: recorder.take(true) };
  }
}
