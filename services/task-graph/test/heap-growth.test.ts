import { describe, expect, it } from "vitest";
import { limitHeapGrowth } from "../src/heap-growth.js";

describe("HEAP_GROWING_PERCENT", () => {
  it("refuses a value that is not a whole number, naming the variable and what it expected", () => {
    expect(() => limitHeapGrowth({ HEAP_GROWING_PERCENT: "1.5x" })).toThrow(
      /HEAP_GROWING_PERCENT must be a whole number >= 0 \(got "1\.5x"\)/,
    );
    expect(() => limitHeapGrowth({ HEAP_GROWING_PERCENT: "-5" })).toThrow(/HEAP_GROWING_PERCENT/);
  });

  it("accepts the default, an explicit percentage and 0 (V8's own choice)", () => {
    expect(() => limitHeapGrowth({})).not.toThrow();
    expect(() => limitHeapGrowth({ HEAP_GROWING_PERCENT: "40" })).not.toThrow();
    expect(() => limitHeapGrowth({ HEAP_GROWING_PERCENT: "0" })).not.toThrow();
  });
});
