// Invariants of the search-quality evaluation set (bench/search-quality/eval-set.json): it is big
// enough, its judgements point at real issues, and no query uses a word of its targets' titles
// (compared as the search tokenizer sees words: lowercased, stemmed, stopwords dropped).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../embedding/index.js";

interface EvalSet {
  issues: { key: string; component: string; title: string; description: string; status: string }[];
  queries: { id: string; text: string; split: string; targets: string[]; also_relevant: string[] }[];
  nonsense_queries: string[];
}

const set = JSON.parse(
  readFileSync(new URL("../../../bench/search-quality/eval-set.json", import.meta.url), "utf8"),
) as EvalSet;
const words = (text: string) => new Set(tokenize(text, { stem: true }));

describe("the search-quality evaluation set", () => {
  it("holds at least 150 distinct issues over several components and 40 queries", () => {
    expect(set.issues.length).toBeGreaterThanOrEqual(150);
    expect(new Set(set.issues.map((i) => i.key)).size).toBe(set.issues.length);
    expect(new Set(set.issues.map((i) => i.component)).size).toBeGreaterThanOrEqual(8);
    expect(set.queries.length).toBeGreaterThanOrEqual(40);
  });

  it("judges only issues that exist, and every query has a target", () => {
    const keys = new Set(set.issues.map((i) => i.key));
    for (const q of set.queries) {
      expect(q.targets.length, q.id).toBeGreaterThan(0);
      for (const k of [...q.targets, ...q.also_relevant]) expect(keys.has(k), `${q.id} → ${k}`).toBe(true);
    }
  });

  it("has no query sharing a non-stopword with the title of one of its targets", () => {
    const title = new Map(set.issues.map((i) => [i.key, i.title]));
    const clashes: string[] = [];
    for (const q of set.queries) {
      const mine = words(q.text);
      for (const target of q.targets) {
        const shared = [...words(title.get(target)!)].filter((w) => mine.has(w));
        if (shared.length > 0) clashes.push(`${q.id} "${q.text}" / ${target}: ${shared.join(", ")}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("splits the queries into a tuning half and a held-out half", () => {
    const tune = set.queries.filter((q) => q.split === "tune").length;
    const holdout = set.queries.filter((q) => q.split === "holdout").length;
    expect(tune + holdout).toBe(set.queries.length);
    expect(Math.abs(tune - holdout)).toBeLessThanOrEqual(1);
  });

  it("has nonsense queries that share no word with any issue", () => {
    const corpus = new Set(set.issues.flatMap((i) => [...words(`${i.title} ${i.description}`)]));
    for (const q of set.nonsense_queries) {
      expect(
        [...words(q)].filter((w) => corpus.has(w)),
        q,
      ).toEqual([]);
    }
  });
});
