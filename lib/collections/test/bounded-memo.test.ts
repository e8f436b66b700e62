import { describe, expect, it } from "vitest";
import { remember } from "../index.js";

describe("remember", () => {
  it("keeps the value under its key and returns it", () => {
    const memo = new Map<string, number>();
    expect(remember(memo, "a", 1, 3)).toBe(1);
    expect(memo.get("a")).toBe(1);
  });

  it("empties a full memo before it adds, so it never holds more than the limit", () => {
    const memo = new Map<string, number>();
    for (const [k, v] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      remember(memo, k, v, 3);
    expect(memo.size).toBe(3);
    remember(memo, "d", 4, 3);
    expect([...memo]).toEqual([["d", 4]]);
  });

  it("keeps null values, so a miss can be remembered too", () => {
    const memo = new Map<string, number | null>();
    remember(memo, "absent", null, 2);
    expect(memo.has("absent")).toBe(true);
  });
});
