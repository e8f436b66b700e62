// The corpus-learned expansions measured as re-ranker features (expansion-features.ts): what the
// expansion's words add to the user's own, 0 for an item holding none of them.
import { describe, expect, it } from "vitest";
import { LexicalIndex, queryTerms } from "../../../lib/search/index.js";
import { expansionGain } from "../../src/search/expansion-features.js";

const index = new LexicalIndex();
index.set("star", "endpoint", [["star song favourite", 1]]);
index.set("unstar", "endpoint", [["unstar song favourite", 1]]);
index.set("genre", "endpoint", [["songs by genre", 1]]);
index.set("scan", "endpoint", [["start scan library", 1]]);
const candidates = [
  { key: "star", hybrid: 0.9 },
  { key: "unstar", hybrid: 0.8 },
  { key: "genre", hybrid: 0.3 },
  { key: "scan", hybrid: 0.1 },
];

describe("the corpus-learned expansion features", () => {
  it("lex_cooc credits an item holding a word that keeps company with the user's, not one holding none", () => {
    // "song" is in both documents that say "favourite": the songs-by-genre item gains by it.
    const gain = expansionGain("lex_cooc", index, queryTerms("favourite"), candidates);
    expect(gain.get("genre")).toBeGreaterThan(0);
    expect(gain.get("scan") ?? 0).toBe(0);
  });

  it("lex_rm3 credits the words the first stage's best items share, never the user's own again", () => {
    // Five feedback items: all four here, each by its first-stage score.
    const gain = expansionGain("lex_rm3", index, queryTerms("song"), candidates);
    expect(gain.get("star")).toBeGreaterThan(gain.get("scan")!);
    expect(gain.get("unstar")).toBeGreaterThan(gain.get("genre")!);
  });
});
