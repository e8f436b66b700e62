import { describe, expect, it } from "vitest";
import { pollUntil } from "../../src/time/poll.js";
import { Wakeup } from "../../src/time/wakeup.js";
import { FakeClock } from "../helpers/fake-clock.js";

describe("pollUntil", () => {
  it("tries at once, then every 100 ms growing to at most 1 s", async () => {
    const clock = new FakeClock();
    const times: number[] = [];
    const outcome = await pollUntil(
      async () => times.push(clock.now()),
      () => false,
      { timeoutMs: 5000, clock },
    );
    expect(outcome.ok).toBe(false);
    expect(times[0]).toBe(0);
    expect(clock.sleeps[0]).toBe(100);
    for (let i = 1; i < clock.sleeps.length; i++)
      expect(clock.sleeps[i]).toBeGreaterThanOrEqual(clock.sleeps[i - 1]! > 999 ? 0 : clock.sleeps[i - 1]!);
    expect(Math.max(...clock.sleeps)).toBe(1000);
    // Never waits past the timeout: the last attempt happens exactly at the limit.
    expect(times.at(-1)).toBe(5000);
  });

  it("stops as soon as the check passes and reports the attempts", async () => {
    const clock = new FakeClock();
    let n = 0;
    const outcome = await pollUntil(
      async () => ++n,
      (v) => v === 3,
      { timeoutMs: 10_000, clock },
    );
    expect(outcome).toMatchObject({ ok: true, last: 3, attempts: 3 });
    expect(outcome.elapsedMs).toBe(100 + 150);
  });

  it("passes the remaining time to each attempt", async () => {
    const clock = new FakeClock();
    const remaining: number[] = [];
    await pollUntil(
      async (r) => remaining.push(r),
      () => false,
      { timeoutMs: 300, clock },
    );
    expect(remaining).toEqual([300, 200, 50, 50]);
  });

  it("looks again at once when woken (e.g. the service printed a line)", async () => {
    const wakeup = new Wakeup();
    const started = performance.now();
    let n = 0;
    setTimeout(() => wakeup.trigger(), 20);
    const outcome = await pollUntil(
      async () => ++n,
      (v) => v === 2,
      { timeoutMs: 10_000, wakeup, initialIntervalMs: 5000 },
    );
    expect(outcome.ok).toBe(true);
    // Without the wakeup the second look would come after the 5 s interval.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("throws the abort reason when its signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("interrupted by SIGINT")), 20);
    await expect(
      pollUntil(
        async () => 0,
        () => false,
        { timeoutMs: 10_000, signal: controller.signal },
      ),
    ).rejects.toThrow("interrupted by SIGINT");
  });
});
