// A boot that has begun, seen from the run: its outcome never rejects (no unhandled rejection
// while pages and reporters load), its log lines wait until the reporters exist, and it says
// when it mostly waits on the services (so the run can use the CPU meanwhile).

import type { ResolvedConfig } from "../config/index.js";
import type { BootOptions, BootResult } from "../lifecycle/index.js";

export type BootFn = (
  config: ResolvedConfig,
  services: string[],
  options: BootOptions,
) => Promise<BootResult>;

export type BootOutcome = { result: BootResult } | { error: unknown };

export class BootInProgress {
  readonly outcome: Promise<BootOutcome>;
  /** Settles once the boot only waits on the services (or is over). */
  readonly waiting: Promise<unknown>;
  private early: string[] = [];
  private sink: ((line: string) => void) | undefined;

  constructor(
    boot: BootFn,
    config: ResolvedConfig,
    services: string[],
    options: Omit<BootOptions, "log" | "onWaiting">,
  ) {
    let waited!: () => void;
    const onWaiting = new Promise<void>((done) => {
      waited = done;
    });
    this.outcome = boot(config, services, {
      ...options,
      log: (line) => (this.sink ? this.sink(line) : this.early.push(line)),
      onWaiting: () => waited(),
    }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    this.waiting = Promise.race([onWaiting, this.outcome]);
  }

  /** The lines logged so far go to `sink` now, in order, and later ones as they come. */
  logTo(sink: (line: string) => void): void {
    this.sink = sink;
    for (const line of this.early.splice(0)) sink(line);
  }

  /** Stops whatever the boot started, once it is over. Also when the run failed before using it. */
  async stop(): Promise<void> {
    const outcome = await this.outcome;
    if ("result" in outcome) await outcome.result.stop();
  }
}
