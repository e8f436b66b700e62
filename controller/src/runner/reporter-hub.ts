// Sends each run event to every reporter, in order. A reporter that throws is reported once on
// stderr and does not stop the run or the other reporters.

import type { Reporter } from "./reporter.js";

type Hook = keyof Reporter;

export class ReporterHub {
  private readonly broken = new Set<Reporter>();

  constructor(readonly reporters: Reporter[]) {}

  /** Whether some reporter failed: its report is missing or incomplete. */
  get failed(): boolean {
    return this.broken.size > 0;
  }

  /** Every file the reporters say they wrote, in reporter order. */
  reportFiles(): string[] {
    return this.reporters.flatMap((r) => {
      try {
        return r.reportFiles?.() ?? [];
      } catch {
        return [];
      }
    });
  }

  async emit<H extends Exclude<Hook, "reportFiles">>(
    hook: H,
    ...args: Parameters<NonNullable<Reporter[H]>>
  ): Promise<void> {
    for (const reporter of this.reporters) {
      const fn = reporter[hook] as ((...a: unknown[]) => void | Promise<void>) | undefined;
      if (!fn || this.broken.has(reporter)) continue;
      try {
        await fn.apply(reporter, args);
      } catch (err) {
        this.broken.add(reporter);
        process.stderr.write(
          `e2e: reporter ${reporter.constructor.name} failed in ${hook}: ${(err as Error).stack ?? err}\n`,
        );
      }
    }
  }
}
