// Retrying a check until it passes, for effects that land after the request that caused them (a
// search index updated after a write, a job finishing). BasePage.eventually() uses it with
// test_data.timing.async_timeout; the clock is injectable so the timing is tested without waiting.

import { setTimeout as sleep } from "node:timers/promises";

export interface EventuallyOptions {
  /** Give up after this long, ms. BasePage: test_data.timing.async_timeout. */
  timeoutMs: number;
  /** Pause between two tries, ms. @default 100 */
  intervalMs?: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Calls `check` until it returns without throwing and resolves to what it returned. When the time
 * is up, rethrows the last error (an AssertionError stays one, with its expected/actual and its
 * line), its message ending with a line saying how long and how many tries it took.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: EventuallyOptions,
  clock: Clock = realClock,
): Promise<T> {
  const { timeoutMs } = options;
  const intervalMs = options.intervalMs ?? 100;
  if (!(timeoutMs >= 0)) throw new RangeError(`eventually: timeoutMs must be >= 0, got ${timeoutMs}`);
  const started = clock.now();
  for (let tries = 1; ; tries++) {
    try {
      return await check();
    } catch (error) {
      const left = timeoutMs - (clock.now() - started);
      if (left <= 0) throw withTries(error, timeoutMs, tries);
      await clock.sleep(Math.min(intervalMs, left));
    }
  }
}

function withTries(error: unknown, timeoutMs: number, tries: number): unknown {
  const note = `(still failing after ${timeoutMs} ms, ${tries} ${tries === 1 ? "try" : "tries"})`;
  if (error instanceof Error) {
    error.message = `${error.message.trimEnd()}\n${note}`;
    return error;
  }
  return new Error(`${String(error)}\n${note}`);
}
