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
