// ShardedMap answers as one Map would, whatever shard a key falls into.
import { describe, expect, it } from "vitest";
import { ShardedMap } from "../sharded-map.js";

describe("ShardedMap", () => {
  it("gets, replaces, deletes and lists like a Map over many similar keys", () => {
    const sharded = new ShardedMap<number>();
    const plain = new Map<string, number>();
    const keys = [
      "",
      "a",
      ...Array.from({ length: 5000 }, (_, i) => `REFERENCES app:src/f${i % 97}.ts#g ${i}`),
    ];
    keys.forEach((key, i) => {
      sharded.set(key, i);
      plain.set(key, i);
    });
    sharded.set("a", -1);
    plain.set("a", -1);
    for (const key of keys.filter((_, i) => i % 3 === 0)) expect(sharded.delete(key)).toBe(plain.delete(key));
    expect(sharded.delete("never set")).toBe(false);
    expect(sharded.size).toBe(plain.size);
    for (const key of keys) expect(sharded.get(key)).toBe(plain.get(key));
    expect(new Map([...sharded.keys()].map((k, i) => [k, [...sharded.values()][i]]))).toEqual(plain);
  });
});
