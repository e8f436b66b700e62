import { describe, expect, it } from "vitest";
import { utcTimestamp } from "../timestamp.js";

describe("utcTimestamp", () => {
  it("prints UTC with millisecond precision and no zone offset", () => {
    expect(utcTimestamp(new Date(Date.UTC(2026, 10, 21, 23, 44, 37, 588)))).toBe("2026-11-21T23:44:37.588");
    expect(utcTimestamp()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
  });
});
