// WordNet's verbs as the search tokenizer's stems (wordnet-table.ts buildVerbList, committed by
// `npm run build:wordnet` beside the synonym table): whether a query's first word is an
// imperative. Read on first need, not at start-up.
import { readFileSync } from "node:fs";
import { dataFile } from "../embedding/index.js";

/** Where the list is; a function, so that a service importing lib/search looks for no file at start. */
export const wordnetVerbsPath = () => dataFile(import.meta.url, "search", "wordnet-verbs.txt");

/** The stems of WordNet's one-word verbs that are mostly verbs ("borrow", "follow"; not "home"). */
export function readVerbStems(path = wordnetVerbsPath()): string[] {
  return readFileSync(path, "utf8").split("\n");
}
