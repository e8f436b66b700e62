// VectorSlab: the vectors it keeps read back as given, share a few buffers between many of them,
// and are copies (the caller's array may change afterwards).
import { describe, expect, it } from "vitest";
import { VectorSlab } from "../../src/domain/search/vector-slab.js";

describe("VectorSlab", () => {
  it("keeps copies of many vectors in a few shared buffers", () => {
    const slab = new VectorSlab();
    const given = Array.from({ length: 5000 }, (_, i) =>
      Float32Array.from({ length: 100 }, (_, j) => i + j / 100),
    );
    const kept = given.map((v) => slab.keep(v));
    for (const [i, v] of kept.entries()) expect(Array.from(v)).toEqual(Array.from(given[i]!));
    expect(new Set(kept.map((v) => v.buffer)).size).toBeLessThanOrEqual(2);
    given[0]![0] = -1;
    expect(kept[0]![0]).toBe(0);
  });

  it("copies a vector longer than a slab on its own", () => {
    const long = new Float32Array(300_000).fill(0.5);
    const kept = new VectorSlab().keep(long);
    expect(kept).not.toBe(long);
    expect(kept.length).toBe(300_000);
    expect(kept[299_999]).toBe(0.5);
  });
});
