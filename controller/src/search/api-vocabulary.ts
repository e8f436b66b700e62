// Words people use for the same thing in HTTP APIs, which WordNet does not know as synonyms
// ("sign up" for register, "whoami" for me, "ticket" for issue, "download" for export): a
// query expander like lib/search's WordNetExpander (QueryExpander), adding only words the index
// contains. Phrases ("sign up", "who am I", "turn off") are read from the raw query first, since
// their words alone are stopwords or ambiguous. How much each kind of word counts (a group word
// beside the user's, one standing in for a word no item holds, a phrase's word) is the fitted
// table's (lib/search e2e-search-weights.ts: `npm run fit:e2e-search-weights`), not set here.
import { stem } from "../../../lib/embedding/index.js";
import {
  type E2eSearchWeights,
  type LexicalIndex,
  type QueryExpander,
  readE2eSearchWeights,
  type WeightedTerm,
} from "../../../lib/search/index.js";

type VocabularyWeights = E2eSearchWeights["vocabulary"];

/** Groups of interchangeable words; any word of a group brings the others. */
const GROUPS = [
  // Kept: leaving each one out cost top-3 hits or MRR@10 on held-out folds (leave one app out,
  // `npm run bench:e2e-search-ablate groups`, 2026-11-27). 12 groups whose absence cost no top-3
  // hit and at most 0.001 of MRR went: login, logout, import, enable, disable, attendee, comment,
  // review, delete, create, release, photo (bench/results/e2e-search.md). On 2026-11-28 (with the
  // learned method prior) six more went, whose absence left the open real apps' leave-one-app-out
  // top-3 and MRR unchanged (they touch none of their queries; the fixtures, where they were
  // shaped, lost 3 of 650): health, order, dependency, impact, claim, search.
  "me current whoami profile myself",
  "register signup enroll account",
  "export download dump csv backup",
  "cancel abort void withdraw",
  "loan borrow lend",
  "issue ticket bug defect task",
  "recent latest newest",
  "reindex rebuild reindexing",
  "version release deployed build",
  "status state mark",
  // Aggregates: "how many", "average", "overview" ask for a stats, summary or report endpoint.
  "stats statistics metrics analytics summary report overview count total average",
  "visit appointment",
  // 2026-11-28 (issue 21, same measure over the fixtures and the open real apps): "update edit
  // modify" went (both sets a little better without it: 90.3 % / 71.5 % top-3 against 90.0 / 70.9).
].map((g) => g.split(" ").map((w) => stem(w)));

/**
 * Phrases whose words alone say little, as the word they stand for: [pattern, word, false when
 * that word is no verb (it never says what to do)]. Each was left out in turn under
 * leave-one-app-out CV (`npm run bench:e2e-search-ablate phrase-rules`, 2026-11-28); those whose
 * absence cost no top-3 hit and at most 0.001 of MRR@10 on the fixtures and the open real apps
 * went: "sign up", "take … off", "throw … away", "wait for", and reading "stop doing" as its
 * un-verb ("stop" and "quit" still read as a delete: method-intent.ts).
 */
const PHRASES: [RegExp, string, false?][] = [
  [/\b(log|sign)(ging)?[ -]?in\b/i, "login"],
  [/\b(log|sign)(ging)?[ -]?out\b/i, "logout"],
  [/\bwho am i\b/i, "me", false],
  // The object may sit between verb and particle: "switch a feature on".
  [/\b(turn|switch)(ing)? (\w+ ){0,3}on\b/i, "enable"],
  [/\b(turn|switch)(ing)? (\w+ ){0,3}off\b/i, "disable"],
  [/\bgive up\b/i, "release"],
  // A question about a number asks for an aggregate (the "stats … count" group).
  [/\bhow (many|much)\b/i, "count", false],
];

const groupOf = new Map<string, string[]>();
for (const group of GROUPS) for (const word of group) groupOf.set(word, group);

export class ApiVocabulary implements QueryExpander {
  readonly name = "api-vocabulary";

  /**
   * @param off groups left out, as `group:<its first word's stem>` (an ablation: bench/e2e-search
   *   ablate.ts); read at each use, so one index can measure each group in turn.
   */
  constructor(
    private readonly off: ReadonlySet<string> = new Set(),
    private readonly weights: VocabularyWeights = readE2eSearchWeights().vocabulary,
  ) {}

  /** The group of `stem`, unless it is left out. */
  #groupOf(stem: string): readonly string[] {
    const group = groupOf.get(stem);
    return group && this.off.size > 0 && this.off.has(`group:${group[0]}`) ? [] : (group ?? []);
  }

  /** The phrases not left out (`phrase:<word>`: an ablation, bench/e2e-search/ablate.ts). */
  #phrases() {
    return this.off.size === 0 ? PHRASES : PHRASES.filter(([, word]) => !this.off.has(`phrase:${word}`));
  }

  /** The words the query's phrases stand for, as the user's own words. */
  phraseTerms(query: string): WeightedTerm[] {
    return this.#phrases()
      .filter(([pattern]) => pattern.test(query))
      .map(([, word]) => ({ term: stem(word), weight: this.weights.phrase }));
  }

  /** The other words of `stem`'s group, if it has one. */
  group(stem: string): readonly string[] {
    return this.#groupOf(stem).filter((w) => w !== stem);
  }

  /** The word of the phrase the query starts with ("take someone off …" → "remove"), if any. */
  leadingWord(query: string): string | undefined {
    const text = query.trim();
    return this.#phrases().find(
      ([pattern, , verb]) => verb !== false && pattern.exec(text)?.index === 0,
    )?.[1];
  }

  /**
   * The group words of each term, at the `group` share of its weight; at the `standsIn` share (< 1:
   * 1 would count as one more word the query asks for) when the term is the user's own and no item
   * holds it ("borrow" in an API that says "loan"): the API's word is then the only way that word
   * can match, so it stands in for it.
   */
  expand(terms: WeightedTerm[], index: LexicalIndex): WeightedTerm[] {
    const weight = new Map(terms.map((t) => [t.term, t.weight]));
    for (const { term, weight: w } of terms) {
      const { group, standsIn } = this.weights;
      const share = w >= 1 && index.documentFrequency(term) === 0 ? standsIn : group;
      for (const other of this.#groupOf(term)) {
        if (other !== term && index.documentFrequency(other) > 0 && (weight.get(other) ?? 0) < share * w)
          weight.set(other, share * w);
      }
    }
    return [...weight].map(([term, w]) => ({ term, weight: w }));
  }
}

/** Each group's name for an ablation (`group:<first word's stem>`) and its words' stems. */
export const VOCABULARY_GROUPS: readonly { name: string; stems: readonly string[] }[] = GROUPS.map((g) => ({
  name: `group:${g[0]}`,
  stems: g,
}));

/** Each phrase rule's name for an ablation (`phrase:<the word it stands for>`; `phrase:undo`: stop doing). */
export const PHRASE_RULES: readonly string[] = [
  ...PHRASES.map(([, word]) => `phrase:${word}`),
  "phrase:undo",
];
