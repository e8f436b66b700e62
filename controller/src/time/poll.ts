// The one polling helper every wait uses: first attempt at once, then a growing interval.
import { type Clock, systemClock } from "./clock.js";
import type { Wakeup } from "./wakeup.js";

export interface PollOptions {
  timeoutMs: number;
  clock?: Clock;
  signal?: AbortSignal;
  wakeup?: Wakeup;
  /** @default 100 */
  initialIntervalMs?: number;
  /** @default 1000 */
  maxIntervalMs?: number;
  /** @default 1.5 */
  factor?: number;
}

export interface PollOutcome<T> {
  ok: boolean;
  last: T;
  attempts: number;
  elapsedMs: number;
}

/** Calls `attempt(remainingMs)` until `done` holds or the timeout passes; never throws on timeout. */
export async function pollUntil<T>(
  attempt: (remainingMs: number) => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions,
): Promise<PollOutcome<T>> {
  const clock = options.clock ?? systemClock;
  const max = options.maxIntervalMs ?? 1000;
  const factor = options.factor ?? 1.5;
  let interval = options.initialIntervalMs ?? 100;
  const start = clock.now();
  let attempts = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    // The attempt at the deadline still gets a usable time budget (whole ms: it appears in messages).
    const remaining = Math.max(50, Math.round(options.timeoutMs - (clock.now() - start)));
    const last = await attempt(remaining);
    attempts++;
    const elapsedMs = clock.now() - start;
    if (done(last)) return { ok: true, last, attempts, elapsedMs };
    if (elapsedMs >= options.timeoutMs) return { ok: false, last, attempts, elapsedMs };
    await clock.sleep(Math.min(interval, options.timeoutMs - elapsedMs), cutSignal(options));
    interval = Math.min(max, interval * factor);
  }
}

function cutSignal(options: PollOptions): AbortSignal | undefined {
  const signals = [options.signal, options.wakeup?.signal].filter((s): s is AbortSignal => !!s);
  if (signals.length === 0) return undefined;
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}
