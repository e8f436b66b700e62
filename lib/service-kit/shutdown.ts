/**
 * SIGTERM/SIGINT/SIGHUP: stop accepting, let in-flight requests finish, exit 0 — or exit 1 if
 * that takes longer than the deadline (5 s by default), so an orchestrator never waits forever.
 * SIGHUP is a stop too: its default action already ends the process, and a service has nothing
 * to reload (its configuration is the environment it started with), so handling it only makes
 * that end clean. SIGUSR1 is left to Node (it opens the inspector).
 */
import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  /** @default 5000 */
  timeoutMs?: number;
  /** @default ["SIGTERM", "SIGINT", "SIGHUP"] */
  signals?: NodeJS.Signals[];
  /** Called after the server has closed, before exit (e.g. to close other resources). */
  onClosed?: () => Promise<void> | void;
  exit?: (code: number) => void;
}

export function handleShutdownSignals(app: FastifyInstance, opts: ShutdownOptions = {}): () => void {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const signals = opts.signals ?? ["SIGTERM", "SIGINT", "SIGHUP"];
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  // Logging must never prevent the exit (e.g. stdout is a pipe whose reader is gone).
  const log = (level: "info" | "error", obj: object, msg: string): void => {
    try {
      app.log[level](obj, msg);
    } catch {
      // ignore
    }
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    log("info", { signal }, "shutting down: no new connections, finishing in-flight requests");
    const timer = setTimeout(() => {
      log("error", { timeoutMs }, `shutdown did not finish within ${timeoutMs}ms; exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    app
      .close()
      .then(() => opts.onClosed?.())
      .then(
        () => {
          clearTimeout(timer);
          log("info", {}, "shutdown complete");
          exit(0);
        },
        (err: unknown) => {
          clearTimeout(timer);
          log("error", { err }, "shutdown failed");
          exit(1);
        },
      );
  };

  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}

/**
 * Signals a service receives but has no use for (the task graph's SIGUSR2, which the e2e
 * controller's reset sends to whoever catches it): each is logged at info and otherwise ignored,
 * where Node's default action would end the process on the spot, in-flight requests and all.
 */
export function ignoreSignals(app: FastifyInstance, signals: NodeJS.Signals[], reason: string): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    try {
      app.log.info({ signal }, `${signal} ignored: ${reason}`);
    } catch {
      // A log that cannot be written must not turn an ignored signal into a crash.
    }
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}
