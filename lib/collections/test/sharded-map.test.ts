// ShardedMap and ShardedSet answer as one Map or Set would, whatever shard a key falls into, and
// spread keys that share long prefixes (symbol ids, edge keys, paths) over the shards.
import { describe, expect, it } from "vitest";
import { ShardedMap, ShardedSet, shardOf } from "../sharded-map.js";

const similarKeys = (n: number) =>
  Array.from({ length: n }, (_, i) => `REFERENCES app:src/f${i % 97}.ts#g ${i}`);

describe("ShardedMap", () => {
  it("gets, replaces, deletes and lists like a Map over many similar keys", () => {
    const sharded = new ShardedMap<number>();
    const plain = new Map<string, number>();
    const keys = ["", "a", ...similarKeys(5000)];
    keys.forEach((key, i) => {
      sharded.set(key, i);
      plain.set(key, i);
    });
    sharded.set("a", -1);
    plain.set("a", -1);
    for (const key of keys.filter((_, i) => i % 3 === 0)) expect(sharded.delete(key)).toBe(plain.delete(key));
    expect(sharded.delete("never set")).toBe(false);
    expect(sharded.size).toBe(plain.size);
    for (const key of keys) {
      expect(sharded.get(key)).toBe(plain.get(key));
      expect(sharded.has(key)).toBe(plain.has(key));
    }
    expect(new Map(sharded)).toEqual(plain);
    expect(new Map([...sharded.keys()].map((k, i) => [k, [...sharded.values()][i]]))).toEqual(plain);
    sharded.clear();
    expect(sharded.size).toBe(0);
    expect([...sharded.entries()]).toEqual([]);
  });
});

describe("ShardedSet", () => {
  it("adds, finds, deletes and lists like a Set", () => {
    const sharded = new ShardedSet();
    const plain = new Set<string>();
    for (const key of similarKeys(3000)) {
      sharded.add(key);
      plain.add(key);
    }
    sharded.add("x").add("x");
    plain.add("x");
    expect(sharded.delete("x")).toBe(true);
    expect(sharded.delete("x")).toBe(false);
    plain.delete("x");
    expect(sharded.size).toBe(plain.size);
    expect(new Set(sharded)).toEqual(plain);
    expect(sharded.has(similarKeys(1)[0]!)).toBe(true);
    sharded.clear();
    expect(sharded.size).toBe(0);
  });
});

describe("shardOf", () => {
  it.each([
    ["symbol ids", (i: number) => `gantry:src/module${i % 300}/file${i % 7}.ts#Class${i}.method`],
    ["edge keys", (i: number) => `REFERENCES gantry:a.ts#f>gantry:lib/x${i}.ts#g`],
    ["index terms", (i: number) => `term${i}`],
    ["paths", (i: number) => `node_modules/pkg${i}/dist/index.js`],
  ])("spreads %s evenly: no shard holds twice its share", (_, keyOf) => {
    const counts = new Array<number>(128).fill(0);
    const n = 64_000;
    for (let i = 0; i < n; i++) counts[shardOf(keyOf(i))]!++;
    expect(Math.max(...counts)).toBeLessThan((2 * n) / 128);
    expect(Math.min(...counts)).toBeGreaterThan(n / 128 / 2);
  });
});
