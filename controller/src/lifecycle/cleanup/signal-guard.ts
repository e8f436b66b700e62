// On SIGINT/SIGTERM: stop what the run started, then let the signal do what it would have done.
// If the runner has its own handler it decides how to exit; otherwise we re-raise the signal.

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

export class SignalGuard {
  private readonly handlers = new Map<NodeJS.Signals, () => void>();

  constructor(private readonly cleanup: () => Promise<void>) {}

  install(): void {
    if (this.handlers.size) return;
    for (const signal of SIGNALS) {
      const handler = () => {
        this.uninstall();
        void this.cleanup()
          .catch((error) =>
            process.stderr.write(`cleanup after ${signal} failed: ${(error as Error).message}\n`),
          )
          .finally(() => {
            if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
          });
      };
      this.handlers.set(signal, handler);
      process.once(signal, handler);
    }
  }

  uninstall(): void {
    for (const [signal, handler] of this.handlers) process.removeListener(signal, handler);
    this.handlers.clear();
  }
}
