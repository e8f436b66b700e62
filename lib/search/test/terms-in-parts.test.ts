// LexicalIndex.setTermsInParts: a long document's postings added in parts, with pauses between
// them, give the index setTerms gives; a delete or a newer write meanwhile wins.
import { describe, expect, it } from "vitest";
import { LexicalIndex } from "../index.js";

/** A document of `n` distinct terms (several parts' worth), and a query over some of them. */
function manyTerms(n: number): Map<string, number> {
  return new Map(Array.from({ length: n }, (_, i) => [`word${i}`, 1 + (i % 3)] as [string, number]));
}

const QUERY = "word7 word4000 word9999 lonely";

function withNeighbours(): LexicalIndex {
  const index = new LexicalIndex();
  index.set("file:a", "file", [["word7 lonely words here", 1]]);
  index.set("file:b", "file", [["word4000 and word9999 again", 1]]);
  return index;
}

describe("LexicalIndex.setTermsInParts", () => {
  it("pauses between parts and ends with the index setTerms builds", async () => {
    const terms = manyTerms(10_000);
    const oneGo = withNeighbours();
    oneGo.setTerms("file:big", "file", terms, "shared");
    const parts = withNeighbours();
    let pauses = 0;
    const whole = await parts.setTermsInParts("file:big", "file", terms, async () => {
      pauses++;
    });

    expect(whole).toBe(true);
    expect(pauses).toBeGreaterThan(1);
    expect(parts.search(QUERY, 10)).toEqual(oneGo.search(QUERY, 10));
    expect([...parts.termsOf("file:big")]).toEqual([...oneGo.termsOf("file:big")]);
    expect(parts.documentFrequency("word4000")).toBe(2);
  });

  it("stops when the document is deleted meanwhile, leaving none of its terms behind", async () => {
    const index = withNeighbours();
    let pauses = 0;
    const whole = await index.setTermsInParts("file:big", "file", manyTerms(10_000), async () => {
      if (++pauses === 1) index.delete("file:big");
    });

    expect(whole).toBe(false);
    expect(index.size).toBe(2);
    expect(index.documentFrequency("word1")).toBe(0);
    expect(index.documentFrequency("word4000")).toBe(1);
    expect(index.search("word1", 10)).toEqual([]);
  });

  it("gives way to a newer write of the same document made meanwhile", async () => {
    const index = withNeighbours();
    let pauses = 0;
    const whole = await index.setTermsInParts("file:big", "file", manyTerms(10_000), async () => {
      if (++pauses === 1) index.set("file:big", "file", [["rewritten lonely", 1]]);
    });

    expect(whole).toBe(false);
    expect([...index.termsOf("file:big").keys()].sort()).toEqual(["lonely", "rewritten"]);
    expect(index.documentFrequency("word1")).toBe(0);
    expect(
      index
        .search("lonely", 10)
        .map((h) => h.key)
        .sort(),
    ).toEqual(["file:a", "file:big"]);
  });
});
