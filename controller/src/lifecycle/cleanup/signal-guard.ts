// On SIGINT/SIGTERM, when nobody else handles the signal (bootServices used as a library): stop
// what the run started, then re-raise the signal so the process ends as it would have.
// When another handler exists (the `e2e run` CLI), that handler owns shutdown: it aborts the
// run's signal and calls stop() once the current module ends.
// On exit without stop() (e.g. a second Ctrl-C), what can be done synchronously is done.
import { spawnSync } from "node:child_process";
import type { Resource } from "../resource.js";
import { signalGroup } from "./process-group.js";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

// Shared by every guard in the process (several runs may be booted at once): whose handlers are
// ours, and how many cleanups are still running before the signal may be re-raised.
const ourHandlers = new Set<(...args: unknown[]) => void>();
let cleanupsRunning = 0;

export class SignalGuard {
  private readonly handlers = new Map<NodeJS.Signals, () => void>();

  constructor(
    private readonly cleanup: () => Promise<void>,
    /** What is still running, for the synchronous last resort on exit. */
    private readonly leftovers: () => Resource[],
  ) {}

  install(): void {
    if (this.handlers.size) return;
    for (const signal of SIGNALS) {
      const handler = () => {
        if (process.listeners(signal).some((l) => !ourHandlers.has(l as () => void))) return;
        this.uninstall();
        cleanupsRunning++;
        void this.cleanup()
          .catch((error) =>
            process.stderr.write(`cleanup after ${signal} failed: ${(error as Error).message}\n`),
          )
          .finally(() => {
            if (--cleanupsRunning === 0) process.kill(process.pid, signal);
          });
      };
      this.handlers.set(signal, handler);
      ourHandlers.add(handler);
      process.on(signal, handler);
    }
    process.on("exit", this.onExit);
  }

  uninstall(): void {
    for (const [signal, handler] of this.handlers) {
      process.removeListener(signal, handler);
      ourHandlers.delete(handler);
    }
    this.handlers.clear();
    process.removeListener("exit", this.onExit);
  }

  private readonly onExit = () => {
    const left = this.leftovers();
    for (const r of left) if (r.pid) signalGroup(r.pid, "SIGKILL");
    const containers = left.flatMap((r) => (r.container ? [r.container] : []));
    if (containers.length)
      spawnSync("docker", ["rm", "-f", ...containers], { stdio: "ignore", timeout: 10_000 });
  };
}
