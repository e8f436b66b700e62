import { describe, expect, it } from "vitest";
import { setHeapCompaction } from "../src/heap-compaction.js";

describe("HEAP_COMPACTION", () => {
  it("refuses a value other than on or off, naming the variable and what it expected", () => {
    expect(() => setHeapCompaction({ HEAP_COMPACTION: "no" })).toThrow(
      /HEAP_COMPACTION must be "on" or "off" \(got "no"\)/,
    );
  });

  it("accepts the default (off), off and on", () => {
    expect(() => setHeapCompaction({})).not.toThrow();
    expect(() => setHeapCompaction({ HEAP_COMPACTION: "off" })).not.toThrow();
    expect(() => setHeapCompaction({ HEAP_COMPACTION: "on" })).not.toThrow();
  });
});
