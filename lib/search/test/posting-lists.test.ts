import { describe, expect, it } from "vitest";
import { PostingLists } from "../posting-lists.js";

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const entries = (lists: PostingLists, term: string) => {
  const seen: [number, number][] = [];
  lists.forEach(term, (slot, tf) => seen.push([slot, tf]));
  return seen;
};

describe("PostingLists", () => {
  it("answers like a Map per term through adds, removals and slot reuse", () => {
    const next = random(7);
    const lists = new PostingLists();
    const model = new Map<string, Map<number, number>>();
    const docs = new Map<number, Map<string, number>>();
    const free: number[] = [];
    let slots = 0;
    const vocabulary = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (let step = 0; step < 4000; step++) {
      if (docs.size > 0 && next() < 0.45) {
        const slot = [...docs.keys()][Math.floor(next() * docs.size)]!;
        const terms = docs.get(slot)!;
        lists.remove(slot, terms.keys());
        for (const term of terms.keys()) {
          model.get(term)!.delete(slot);
          if (model.get(term)!.size === 0) model.delete(term);
        }
        docs.delete(slot);
        free.push(slot);
        continue;
      }
      const slot = free.pop() ?? slots++;
      const terms = new Map<string, number>();
      // Common terms (low ids) are in most documents, as in real text.
      for (const term of vocabulary)
        if (next() < 1 / (1 + Number(term.slice(1)))) terms.set(term, 0.5 + next() * 3);
      lists.add(slot, terms);
      for (const [term, tf] of terms) {
        if (!model.has(term)) model.set(term, new Map());
        model.get(term)!.set(slot, tf);
      }
      docs.set(slot, terms);
    }
    expect(new Set(lists.terms())).toEqual(new Set(model.keys()));
    for (const term of vocabulary) {
      const want = [...(model.get(term) ?? new Map<number, number>())].sort((a, b) => a[0] - b[0]);
      expect(entries(lists, term).sort((a, b) => a[0] - b[0])).toEqual(want);
      expect(lists.documentFrequency(term)).toBe(want.length);
    }
  });

  it("does not count a removed document whose slot was given to a document without the term", () => {
    const lists = new PostingLists();
    lists.add(
      0,
      new Map([
        ["shared", 1],
        ["old", 2],
      ]),
    );
    lists.add(1, new Map([["shared", 1]]));
    lists.remove(0, ["shared", "old"]);
    lists.add(0, new Map([["new", 1]]));
    expect(entries(lists, "shared")).toEqual([[1, 1]]);
    expect(lists.documentFrequency("old")).toBe(0);
    expect([...lists.terms()].sort()).toEqual(["new", "shared"]);
  });

  it("gives back a document's terms equal to and in the order of what it was given, after terms came and went", () => {
    const lists = new PostingLists();
    lists.add(0, new Map([["gone", 1]]));
    lists.remove(0, ["gone"]);
    const given = new Map([
      ["zeta", 2],
      ["alpha", 0.5],
      ["gone", 3],
    ]);
    const kept = lists.add(1, given);
    expect([...kept]).toEqual([...given]);
    expect(kept).not.toBe(given);
    expect([...lists.add(2, new Map([["alpha", 1]]))]).toEqual([["alpha", 1]]);
  });

  it("keeps a list's size proportional to its live entries under churn", () => {
    const lists = new PostingLists();
    lists.add(0, new Map([["common", 1]]));
    for (let round = 0; round < 10_000; round++) {
      lists.add(1, new Map([["common", 2]]));
      lists.remove(1, ["common"]);
    }
    expect(entries(lists, "common")).toEqual([[0, 1]]);
    // Entries retired by generation are compacted away, not kept for ever.
    expect(lists.storedEntries("common")).toBeLessThanOrEqual(10);
  });
});
