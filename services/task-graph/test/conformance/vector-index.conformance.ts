// One behavioural contract for every VectorIndex adapter (embedded exact, Redis 8 vector sets).
// Each adapter's test file calls describeVectorIndexConformance with a factory that returns a
// fresh, empty, initialised index.
import { afterEach, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import type { VectorIndex, VectorItem } from "../../src/ports/vector-index.js";

export type VectorIndexFactory = () => Promise<VectorIndex>;

const DIM = 8;
const embedder = new HashingEmbedder({ dimension: 64 });

function unit(...components: number[]): Float32Array {
  const v = new Float32Array(DIM);
  components.forEach((c, i) => {
    v[i] = c;
  });
  return v;
}

function basis(position: number): Float32Array {
  const v = new Float32Array(DIM);
  v[position] = 1;
  return v;
}

function item(key: string, vector: Float32Array, type = "issue"): VectorItem {
  return {
    key,
    type,
    id: key.split(":")[1] ?? key,
    title: `Title of ${key}`,
    text: `Text of ${key}`,
    vector,
  };
}

export function describeVectorIndexConformance(name: string, factory: VectorIndexFactory): void {
  describe(`VectorIndex conformance: ${name}`, () => {
    const opened: VectorIndex[] = [];
    const open = async () => {
      const index = await factory();
      opened.push(index);
      return index;
    };
    afterEach(async () => {
      for (const index of opened.splice(0)) await index.close();
    });

    it("answers a ping and finds nothing in an empty index", async () => {
      const index = await open();
      await index.ping();
      expect(await index.size()).toBe(0);
      expect(await index.search({ vector: unit(1), limit: 5 })).toEqual([]);
    });

    it("returns the nearest items first with their stored fields and cosine scores", async () => {
      const index = await open();
      await index.upsert(item("issue:a", unit(1, 0)));
      await index.upsert(item("issue:b", unit(1, 1)));
      await index.upsert(item("issue:c", unit(0, 1)));
      await index.upsert(item("issue:d", unit(-1, 0)));
      const hits = await index.search({ vector: unit(1, 0), limit: 4 });
      expect(hits.map((h) => h.key)).toEqual(["issue:a", "issue:b", "issue:c", "issue:d"]);
      expect(hits[0]).toEqual({
        key: "issue:a",
        type: "issue",
        id: "a",
        title: "Title of issue:a",
        text: "Text of issue:a",
        score: expect.closeTo(1, 4),
      });
      expect(hits[1]!.score).toBeCloseTo(Math.SQRT1_2, 4);
      expect(hits[2]!.score).toBeCloseTo(0, 4);
      expect(hits[3]!.score).toBeCloseTo(-1, 4);
    });

    it("treats vectors by direction only (scale does not change the score)", async () => {
      const index = await open();
      await index.upsert(item("issue:a", unit(10, 0)));
      const [hit] = await index.search({ vector: unit(0.5, 0), limit: 1 });
      expect(hit!.score).toBeCloseTo(1, 4);
    });

    it("returns at most `limit` hits", async () => {
      const index = await open();
      for (let i = 0; i < 6; i++) await index.upsert(item(`issue:${i}`, unit(1, i / 10)));
      expect(await index.search({ vector: unit(1), limit: 3 })).toHaveLength(3);
      expect(await index.search({ vector: unit(1), limit: 50 })).toHaveLength(6);
    });

    it("replaces an item upserted again under the same key", async () => {
      const index = await open();
      await index.upsert(item("issue:a", unit(1, 0)));
      await index.upsert({ ...item("issue:a", unit(0, 1)), title: "Renamed" });
      expect(await index.size()).toBe(1);
      const [hit] = await index.search({ vector: unit(0, 1), limit: 1 });
      expect(hit).toMatchObject({ key: "issue:a", title: "Renamed" });
      expect(hit!.score).toBeCloseTo(1, 4);
    });

    it("forgets removed items, keeps the others findable, and ignores unknown keys", async () => {
      const index = await open();
      for (let i = 0; i < 5; i++) await index.upsert(item(`issue:${i}`, basis(i)));
      await index.remove("issue:1");
      await index.remove("issue:nope");
      expect(await index.size()).toBe(4);
      const all = await index.search({ vector: unit(1, 1, 1, 1, 1), limit: 10 });
      expect(all.map((h) => h.key).sort()).toEqual(["issue:0", "issue:2", "issue:3", "issue:4"]);
      // The item moved into the removed slot still answers with its own vector.
      const [last] = await index.search({ vector: basis(4), limit: 1 });
      expect(last).toMatchObject({ key: "issue:4" });
      expect(last!.score).toBeCloseTo(1, 4);
    });

    it("restricts hits to the requested types", async () => {
      const index = await open();
      await index.upsert(item("issue:a", unit(1, 0), "issue"));
      await index.upsert(item("component:b", unit(1, 0.1), "component"));
      await index.upsert(item("issue:c", unit(1, 0.2), "issue"));
      const issues = await index.search({ vector: unit(1), limit: 10, types: ["issue"] });
      expect(issues.map((h) => h.key)).toEqual(["issue:a", "issue:c"]);
      const components = await index.search({ vector: unit(1), limit: 10, types: ["component"] });
      expect(components.map((h) => h.type)).toEqual(["component"]);
      const both = await index.search({ vector: unit(1), limit: 10, types: ["issue", "component"] });
      expect(both).toHaveLength(3);
      expect(await index.search({ vector: unit(1), limit: 10, types: ["file"] })).toEqual([]);
      expect(await index.search({ vector: unit(1), limit: 10, types: [] })).toEqual([]);
    });

    it("finds each of 300 embedded texts as its own nearest neighbour", async () => {
      const index = await open();
      const topics = [
        "login",
        "token",
        "chart",
        "database",
        "cache",
        "deploy",
        "timeout",
        "render",
        "queue",
        "email",
      ];
      const texts = Array.from({ length: 300 }, (_, i) => {
        const a = topics[i % 10]!;
        const b = topics[Math.floor(i / 10) % 10]!;
        return `${a} ${b} failure number${i} in module${i % 7}`;
      });
      const vectors = await embedder.embed(texts);
      for (let i = 0; i < texts.length; i++) {
        await index.upsert({
          key: `issue:${i}`,
          type: "issue",
          id: String(i),
          title: texts[i]!,
          text: texts[i]!,
          vector: vectors[i]!,
        });
      }
      expect(await index.size()).toBe(300);
      for (const i of [0, 57, 123, 299]) {
        const [hit] = await index.search({ vector: vectors[i]!, limit: 1 });
        expect(hit).toMatchObject({ key: `issue:${i}`, title: texts[i] });
        expect(hit!.score).toBeCloseTo(1, 3);
      }
    });

    it("rejects a vector whose dimension differs from the stored ones", async () => {
      const index = await open();
      await index.upsert(item("issue:a", unit(1)));
      await expect(index.upsert(item("issue:b", new Float32Array(DIM + 1).fill(1)))).rejects.toThrow(
        /dimension/i,
      );
    });

    it("rejects a limit that is not a positive integer", async () => {
      const index = await open();
      await expect(index.search({ vector: unit(1), limit: 0 })).rejects.toThrow(/limit/);
    });
  });
}
