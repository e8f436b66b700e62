// Time behind an interface so every wait can be unit-tested with a fake clock.

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or as soon as `cut` aborts (never rejects). */
  sleep(ms: number, cut?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep(ms, cut) {
    return new Promise((resolve) => {
      if (cut?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        cut?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      cut?.addEventListener("abort", done, { once: true });
    });
  },
};
