// A clock that only moves when something sleeps on it, recording each sleep.
import type { Clock } from "../../src/time/clock.js";

export class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  async sleep(ms: number, cut?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (!cut?.aborted) this.time += ms;
    await Promise.resolve();
  }
}
