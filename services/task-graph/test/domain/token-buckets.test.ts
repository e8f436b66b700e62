import { describe, expect, it } from "vitest";
import { TokenBuckets } from "../../src/routes/token-buckets.js";

function buckets(maxKeys = 100) {
  let t = 0;
  const b = new TokenBuckets({ capacity: 3, refillPerMs: 1 / 1000, maxKeys, now: () => t });
  return { b, advance: (ms: number) => (t += ms) };
}

describe("TokenBuckets (the rate limit's counting)", () => {
  it("allows a burst of `capacity`, then says how long until the next token", () => {
    const { b } = buckets();
    expect([b.take("a"), b.take("a"), b.take("a")]).toEqual([0, 0, 0]);
    expect(b.take("a")).toBe(1000);
  });

  it("refills with time, never above capacity", () => {
    const { b, advance } = buckets();
    for (let i = 0; i < 3; i++) b.take("a");
    advance(1500);
    expect(b.take("a")).toBe(0);
    expect(b.take("a")).toBe(500);
    advance(60_000);
    expect([b.take("a"), b.take("a"), b.take("a"), b.take("a")]).toEqual([0, 0, 0, 1000]);
  });

  it("keeps keys apart and remembers at most maxKeys (least recently used forgotten)", () => {
    const { b } = buckets(2);
    for (let i = 0; i < 3; i++) b.take("a");
    expect(b.take("b")).toBe(0);
    expect(b.take("a")).toBe(1000); // a touched: b is now the oldest
    b.take("c");
    expect(b.size).toBe(2);
    expect(b.take("a")).toBe(1000); // still remembered: still empty
  });
});
