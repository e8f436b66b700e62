// One behavioural contract for every Embedder adapter (hashing, OpenAI-compatible HTTP).
import { describe, expect, it } from "vitest";
import type { Embedder } from "../../src/ports/embedder.js";

export type EmbedderFactory = () => Embedder;

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

export function describeEmbedderConformance(name: string, factory: EmbedderFactory): void {
  describe(`Embedder conformance: ${name}`, () => {
    it("returns one unit-length vector of `dimension` numbers per text, in input order", async () => {
      const embedder = factory();
      const texts = ["Login fails with 401", "Render chart colours", "Database pool exhausted"];
      const vectors = await embedder.embed(texts);
      expect(vectors).toHaveLength(3);
      expect(embedder.dimension).toBeGreaterThan(0);
      for (const v of vectors) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBe(embedder.dimension);
        expect(norm(v)).toBeCloseTo(1, 4);
      }
      const [alone] = await embedder.embed([texts[1]!]);
      expect(dot(alone!, vectors[1]!)).toBeCloseTo(1, 4);
    });

    it("is deterministic: the same text gives the same vector", async () => {
      const embedder = factory();
      const [a, b] = await embedder.embed(["cache stampede on deploy", "cache stampede on deploy"]);
      expect(dot(a!, b!)).toBeCloseTo(1, 5);
    });

    it("answers an empty list with an empty list", async () => {
      expect(await factory().embed([])).toEqual([]);
    });

    it("keeps order across more texts than one batch holds", async () => {
      const embedder = factory();
      const texts = Array.from({ length: 150 }, (_, i) => `issue number${i} about topic${i % 13}`);
      const all = await embedder.embed(texts);
      expect(all).toHaveLength(150);
      const some = await embedder.embed([texts[0]!, texts[77]!, texts[149]!]);
      expect(dot(some[0]!, all[0]!)).toBeCloseTo(1, 4);
      expect(dot(some[1]!, all[77]!)).toBeCloseTo(1, 4);
      expect(dot(some[2]!, all[149]!)).toBeCloseTo(1, 4);
    });

    it("puts a login failure closer to an authentication error on login than to chart rendering", async () => {
      const [q, near, far] = await factory().embed([
        "login fails with 401",
        "authentication error on login",
        "render chart colours",
      ]);
      expect(dot(q!, near!)).toBeGreaterThan(dot(q!, far!));
    });
  });
}
