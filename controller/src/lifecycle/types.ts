// Contract between the runner (`e2e run`) and the lifecycle (booting what a run needs).
// The runner calls bootServices() from ./index.ts with the services its selected modules need.

import { ServiceStartError } from "../errors/index.js";

export interface BootOptions {
  /** false with --no-start: only check health, never start anything. */
  start: boolean;
  /** --keep: leave what was started running and print how to stop it. */
  keep: boolean;
  /** --reuse: reuse healthy labelled containers whose config hash matches. */
  reuse: boolean;
  /** Labels containers and names processes of this run. */
  runId: string;
  /** Progress lines (plain text, one per event); the runner forwards them to reporters. */
  log: (line: string) => void;
  /** Aborted on SIGINT/SIGTERM. */
  signal?: AbortSignal;
  /**
   * Called once when every service is healthy, failed, or started and only being polled: from
   * then on the boot mostly waits, so the runner can use the CPU (it compiles pages meanwhile).
   */
  onWaiting?: () => void;
}

export interface BootResult {
  /** Services healthy and usable by modules, name → effective base URL. */
  ready: Map<string, string>;
  /** Optional services that could not be had: name → reason; their modules are skipped. */
  skipped: Map<string, string>;
  /** Resets a service between suites (auth: SIGUSR2 via the Docker API or to the process). No-op if not started by us. */
  reset(service: string): Promise<void>;
  /** Stops and removes everything this run started (unless keep). Idempotent. */
  stop(): Promise<void>;
}

/** A required service could not be started or never became healthy: `e2e run` exits 3. */
export class RequiredServiceError extends ServiceStartError {
  override readonly code = "E2E_SERVICE_UNAVAILABLE";
  constructor(
    readonly service: string,
    readonly url: string,
    /** Last HTTP status or error seen while polling. */
    readonly lastSeen: string,
    /** Last lines of the service's log (up to 50). */
    readonly logTail: string[],
    reason: string,
  ) {
    super(
      `Service "${service}" is required but not healthy: ${reason}. Polled ${url}; last seen: ${lastSeen}.` +
        (logTail.length ? `\nLast ${logTail.length} log lines:\n${logTail.join("\n")}` : ""),
    );
    this.name = "RequiredServiceError";
  }
}
