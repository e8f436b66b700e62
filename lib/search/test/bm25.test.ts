// BM25 with typeStatistics: one index holding files beside many short symbol documents still
// ranks files as an index of the files alone would (the agent context's lexical signal).
import { describe, expect, it } from "vitest";
import { LexicalIndex } from "../index.js";

const FILES: [string, string][] = [
  ["file:cache.ts", "export class LruCache { evict the oldest entry when the cache is full; size limit }"],
  ["file:store.ts", "the store writes each entry to the journal and flushes the journal on commit"],
  ["file:readme.md", "cache store journal entry limit oldest full flush commit evict size ".repeat(20)],
];

function filesOnly(): LexicalIndex {
  const index = new LexicalIndex();
  for (const [key, text] of FILES) index.set(key, "file", [[text, 1]]);
  return index;
}

function filesAndSymbols(): LexicalIndex {
  const index = filesOnly();
  // Many tiny documents of another type, most saying "entry": the mixed statistics make every
  // file look long and "entry" common.
  for (let i = 0; i < 200; i++) index.set(`symbol:s${i}`, "symbol", [[i % 4 === 0 ? "evict" : "entry", 1]]);
  return index;
}

describe("BM25 statistics per document type", () => {
  const query = "evict the oldest cache entry";

  it("scores files with typeStatistics exactly as an index holding only the files", () => {
    const alone = filesOnly().search(query, 10);
    const mixed = filesAndSymbols().search(query, 10, { types: ["file"], typeStatistics: true });
    expect(mixed).toEqual(alone);
  });

  it("scores them differently without it, the other type's documents shifting length and rarity", () => {
    const alone = filesOnly().search(query, 10);
    const mixed = filesAndSymbols().search(query, 10, { types: ["file"] });
    expect(mixed.map((h) => h.score)).not.toEqual(alone.map((h) => h.score));
  });

  it("forgets a deleted document's length and type in the statistics", () => {
    const index = filesAndSymbols();
    index.set("file:extra.ts", "file", [["journal ".repeat(50), 1]]);
    index.delete("file:extra.ts");
    expect(index.search(query, 10, { types: ["file"], typeStatistics: true })).toEqual(
      filesOnly().search(query, 10),
    );
  });
});

describe("fields of names", () => {
  it("keep every word, stopwords too, where prose drops them", () => {
    const index = new LexicalIndex();
    index.set("names", "endpoint", [["users me", 2, true]]);
    index.set("prose", "endpoint", [["users me", 2]]);
    expect(index.termsOf("names").has("me")).toBe(true);
    expect(index.termsOf("prose").has("me")).toBe(false);
  });
});

describe("scores of a few documents (scoresOf)", () => {
  it("are exactly what a search restricted to them gives, weighted terms and parts included", async () => {
    const index = filesAndSymbols();
    // A long document placed in parts, as the task graph indexes a large file.
    const long = new Map(
      Array.from({ length: 3000 }, (_, i) => [`word${i}`, 1 + (i % 3)] as [string, number]),
    );
    long.set("evict", 2);
    await index.setTermsInParts("file:long.ts", "file", long, async () => {});
    const query = [
      { term: "evict", weight: 1 },
      { term: "cach", weight: 1 },
      { term: "entri", weight: 0.25 },
      { term: "word7", weight: 0.5 },
      { term: "absent", weight: 1 },
    ];
    const keys = [
      "file:cache.ts",
      "file:readme.md",
      "file:long.ts",
      "symbol:s0",
      "symbol:s1",
      "file:gone.ts",
    ];
    const wanted = new Set(keys);
    const searched = index.search(query, keys.length, { accept: (key) => wanted.has(key) });
    expect(searched.length).toBeGreaterThan(3);
    expect(index.scoresOf(query, keys)).toEqual(new Map(searched.map((h) => [h.key, h.score])));
  });
});
