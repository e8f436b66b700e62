import { describe, expect, it } from "vitest";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { describeVectorIndexConformance } from "./vector-index.conformance.js";

describeVectorIndexConformance("embedded exact cosine", async () => {
  // A tiny initial capacity so the conformance cases also exercise growth.
  const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
  await index.init();
  return index;
});

describeVectorIndexConformance("embedded exact cosine, room reserved before the first item", async () => {
  // Start-up reserves room for every document in one step, before the dimension is known.
  const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
  await index.init();
  await index.reserve(1000);
  return index;
});

describe("embedded exact cosine, a type filter that keeps few rows", () => {
  it("returns the same hits and scores as a full scan filtered by type afterwards", async () => {
    const index = new EmbeddedVectorIndex({ initialCapacity: 4 });
    await index.init();
    // 28 issues among 1,072 code documents (under 1/32): the filtered search scores only their rows.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const vector = () => Float32Array.from({ length: 37 }, () => (random() > 0.3 ? random() : 0));
    for (let i = 0; i < 1100; i++) {
      const type = i % 40 === 0 ? "issue" : i % 2 ? "file" : "symbol";
      await index.upsert({
        key: `${type}:${i}`,
        type,
        id: String(i),
        title: `t${i}`,
        text: "",
        vector: vector(),
      });
    }
    for (let q = 0; q < 5; q++) {
      const query = vector();
      const filtered = await index.search({ vector: query, limit: 10, types: ["issue"] });
      const all = await index.search({ vector: query, limit: 1100 });
      const expected = all.filter((h) => h.type === "issue").slice(0, 10);
      expect(filtered.map((h) => [h.key, h.score])).toEqual(expected.map((h) => [h.key, h.score]));
      expect(filtered).toHaveLength(10);
    }
  });
});

describe("embedded exact cosine, room reserved before the first item, then a type filter", () => {
  it("finds rows past the initial capacity (start-up reserves every document's row at once)", async () => {
    const index = new EmbeddedVectorIndex({ initialCapacity: 16 });
    await index.init();
    await index.reserve(200);
    for (let i = 0; i < 200; i++) {
      const vector = new Float32Array([1, i / 200, 0]);
      await index.upsert({ key: `issue:${i}`, type: "issue", id: String(i), title: "", text: "", vector });
    }
    const query = new Float32Array([1, 1, 0]);
    const filtered = await index.search({ vector: query, limit: 5, types: ["issue"] });
    const all = await index.search({ vector: query, limit: 5 });
    expect(filtered.map((h) => h.key)).toEqual([
      "issue:199",
      "issue:198",
      "issue:197",
      "issue:196",
      "issue:195",
    ]);
    expect(filtered).toEqual(all);
  });
});
