// A health probe: one check (probe) plus a wait that repeats it with the shared polling helper.
import { type Clock, pollUntil, type Wakeup } from "../../time/index.js";
import { WaitInterruptedError } from "./wait-interrupted-error.js";
import { WaitTimeoutError } from "./wait-timeout-error.js";

export interface ProbeResult {
  ok: boolean;
  /** What was seen: "HTTP 200", "HTTP 503", "ECONNREFUSED", "health: starting"... */
  seen: string;
  /** The probe got no answer in its time budget (the last one before a deadline may get only 50 ms). */
  timedOut?: boolean;
}

export interface WaitOptions {
  timeoutMs: number;
  clock?: Clock;
  /** Ends the wait early with WaitInterruptedError (Ctrl-C, or the service exited). */
  signal?: AbortSignal;
  wakeup?: Wakeup;
}

export interface WaitStrategy {
  /** What is polled, for messages: a URL, host:port or container. */
  readonly target: string;
  probe(timeoutMs: number): Promise<ProbeResult>;
  waitUntilReady(options: WaitOptions): Promise<ProbeResult>;
}

export abstract class AbstractWaitStrategy implements WaitStrategy {
  abstract readonly target: string;
  /** What readiness means, for messages: "HTTP 2xx", "A TCP connection"... */
  protected abstract readonly expectation: string;

  abstract probe(timeoutMs: number): Promise<ProbeResult>;

  async waitUntilReady(options: WaitOptions): Promise<ProbeResult> {
    let lastSeen = "nothing yet";
    try {
      const outcome = await pollUntil(
        async (remaining) => {
          // SPEC §3b: one probe may take up to min(5 s, time left) (a slow health check on a busy machine).
          const result = await this.probe(Math.min(remaining, 5000));
          // A probe that ran out of time saw nothing: it does not hide an answer seen before it.
          if (!result.timedOut || lastSeen === "nothing yet") lastSeen = result.seen;
          return result;
        },
        (result) => result.ok,
        options,
      );
      if (outcome.ok) return outcome.last;
    } catch (error) {
      if (options.signal?.aborted)
        throw new WaitInterruptedError(this.target, lastSeen, options.signal.reason);
      throw error;
    }
    throw new WaitTimeoutError(this.target, this.expectation, options.timeoutMs, lastSeen);
  }
}
