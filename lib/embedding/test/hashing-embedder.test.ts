import { describe, expect, it } from "vitest";
import { CorpusStatistics, cosine, HashingEmbedder } from "../index.js";

const embedder = new HashingEmbedder();
const one = (text: string) => embedder.embedSync(text);
const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("hashing embedder", () => {
  it("returns the same vector for the same text, across instances", async () => {
    const [a] = await embedder.embed(["Login fails with 401 on refresh"]);
    const [b] = await new HashingEmbedder().embed(["Login fails with 401 on refresh"]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
  });

  it("produces unit-length vectors of the configured dimension", () => {
    for (const text of ["x", "Render chart colours", "getUserById throws NullPointerException".repeat(20)]) {
      const v = one(text);
      expect(v.length).toBe(512);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(new HashingEmbedder({ dimension: 256 }).embedSync("hello world").length).toBe(256);
  });

  it("returns an all-zero vector for text without tokens", () => {
    expect(norm(one("  the of a  ... "))).toBe(0);
  });

  it("places a login failure closer to an authentication error on login than to chart rendering", () => {
    const q = one("login fails with 401");
    expect(cosine(q, one("authentication error on login"))).toBeGreaterThan(
      cosine(q, one("render chart colours")),
    );
  });

  it("ranks related issue texts above unrelated ones", () => {
    const q = one("database connection pool exhausted under load");
    const related = cosine(q, one("Connection pool runs out of database connections during load test"));
    const unrelated = cosine(q, one("Typo in the German translation of the settings page"));
    expect(related).toBeGreaterThan(0.3);
    expect(related).toBeGreaterThan(unrelated + 0.2);
  });

  it("matches identifiers with their prose spelling and word variants", () => {
    const q = one("getUserById");
    expect(cosine(q, one("get user by id"))).toBeGreaterThan(cosine(q, one("delete order items")));
    const stem = one("authentication");
    expect(cosine(stem, one("authenticate"))).toBeGreaterThan(cosine(stem, one("rendering")));
  });

  it("uses supplied corpus statistics to weight rare terms above common ones", () => {
    const corpus = new CorpusStatistics();
    for (let i = 0; i < 50; i++) corpus.add(`service error number${i}`);
    corpus.add("kafka consumer lag");
    const weighted = new HashingEmbedder({ corpus });
    const q = weighted.embedSync("service kafka");
    expect(cosine(q, weighted.embedSync("kafka broker"))).toBeGreaterThan(
      cosine(q, weighted.embedSync("service down")),
    );
  });

  it("rejects a dimension outside 8..65536", () => {
    expect(() => new HashingEmbedder({ dimension: 4 })).toThrow(
      /dimension must be an integer 8..65536, got 4/,
    );
  });
});
