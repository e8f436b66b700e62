// Retrying a check until it passes, for effects that land after the request that caused them (a
// search index updated after a write, a job finishing). BasePage.eventually() uses it with
// test_data.timing.async_timeout; the clock is injectable so the timing is tested without waiting.

import { type Clock, pollUntil, systemClock } from "../time/index.js";

export interface EventuallyOptions {
  /** Give up after this long, ms. BasePage: test_data.timing.async_timeout. */
  timeoutMs: number;
  /** Pause between two tries, ms. @default 100 */
  intervalMs?: number;
}

type Try<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Calls `check` until it returns without throwing and resolves to what it returned. When the time
 * is up, rethrows the last error (an AssertionError stays one, with its expected/actual and its
 * line), its message ending with a line saying how long and how many tries it took.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: EventuallyOptions,
  clock: Clock = systemClock,
): Promise<T> {
  const { timeoutMs } = options;
  const intervalMs = options.intervalMs ?? 100;
  if (!(timeoutMs >= 0)) throw new RangeError(`eventually: timeoutMs must be >= 0, got ${timeoutMs}`);
  const attempt = async (): Promise<Try<T>> => {
    try {
      return { ok: true, value: await check() };
    } catch (error) {
      return { ok: false, error };
    }
  };
  // A steady interval: the shared poller with no growth.
  const outcome = await pollUntil(attempt, (t) => t.ok, {
    timeoutMs,
    clock,
    initialIntervalMs: intervalMs,
    maxIntervalMs: intervalMs,
    factor: 1,
  });
  const last = outcome.last;
  if (last.ok) return last.value;
  throw withTries(last.error, timeoutMs, outcome.attempts);
}

function withTries(error: unknown, timeoutMs: number, tries: number): unknown {
  const note = `(still failing after ${timeoutMs} ms, ${tries} ${tries === 1 ? "try" : "tries"})`;
  if (error instanceof Error) {
    error.message = `${error.message.trimEnd()}\n${note}`;
    return error;
  }
  return new Error(`${String(error)}\n${note}`);
}
