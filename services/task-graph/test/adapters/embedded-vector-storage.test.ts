import { describe, expect, it } from "vitest";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { Columns } from "../../src/adapters/embedded-vector/columns.js";
import { scoreColumns } from "../../src/adapters/embedded-vector/scan.js";

/** mulberry32: uniform in [-0.5, 0.5), without the short cycles (tied vectors) of a float LCG. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32 - 0.5;
  };
}

describe("the embedded index's SIMD scan", () => {
  it("runs as WebAssembly SIMD on this Node", () => {
    expect(new Columns(16, 8).simd).toBe(true);
  });

  it("scores every row bit for bit as the JavaScript scan does", () => {
    const next = random(11);
    // Odd and even row counts, a dimension that is no multiple of 4, queries with zero components.
    for (const [capacity, count, dimension] of [
      [16, 1, 5],
      [16, 2, 4],
      [17, 17, 37],
      [1024, 1001, 100],
      [300, 299, 3],
    ] as const) {
      const columns = new Columns(capacity, dimension);
      for (let i = 0; i < capacity * dimension; i++) columns.data[i] = next();
      const plain = Float32Array.from(columns.data);
      for (let q = 0; q < 4; q++) {
        const query = Float32Array.from({ length: dimension }, () => (next() > -0.3 ? next() : 0));
        const expected = new Float64Array(capacity);
        scoreColumns(plain, capacity, count, query, expected);
        columns.scanAll(count, query);
        expect(Array.from(columns.scores.subarray(0, count))).toEqual(
          Array.from(expected.subarray(0, count)),
        );
      }
    }
  });
});

describe("the embedded index past one block of rows", () => {
  it("finds what a brute-force cosine finds after growing to 40,000 rows and removing some", async () => {
    const next = random(5);
    const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
    const vectors = new Map<string, Float32Array>();
    for (let i = 0; i < 40_000; i++) {
      const vector = Float32Array.from({ length: 8 }, next);
      vectors.set(`file:${i}`, vector);
      await index.upsert({ key: `file:${i}`, type: "file", id: String(i), title: "", text: "", vector });
    }
    // Removals move rows of the last block into holes of the first ones.
    for (let i = 0; i < 40_000; i += 7) {
      await index.remove(`file:${i}`);
      vectors.delete(`file:${i}`);
    }
    expect(await index.size()).toBe(vectors.size);
    const unit = (v: Float32Array) => {
      const norm = Math.hypot(...v);
      return Array.from(v, (x) => x / norm);
    };
    for (let q = 0; q < 3; q++) {
      const query = Float32Array.from({ length: 8 }, next);
      const u = unit(query);
      const expected = [...vectors]
        .map(([key, v]) => ({ key, score: unit(v).reduce((sum, x, j) => sum + x * u[j]!, 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
      const hits = await index.search({ vector: query, limit: 10 });
      expect(hits.map((h) => h.key)).toEqual(expected.map((e) => e.key));
      for (const [i, hit] of hits.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 5);
    }
  });
});
