import { describe, expect, it } from "vitest";
import { MonotonicClock } from "../src/clock.js";

describe("MonotonicClock", () => {
  it("gives strictly increasing update times even when the wall clock stands still", () => {
    const clock = new MonotonicClock(() => 1000);
    const created = clock.next();
    const u1 = clock.after(created);
    const u2 = clock.after(u1);
    expect([created, u1, u2]).toEqual([1000, 1001, 1002]);
  });

  it("never goes backwards when the wall clock does", () => {
    let now = 5000;
    const clock = new MonotonicClock(() => now);
    expect(clock.next()).toBe(5000);
    now = 4000;
    expect(clock.next()).toBe(5000);
    now = 6000;
    expect(clock.next()).toBe(6000);
  });
});
