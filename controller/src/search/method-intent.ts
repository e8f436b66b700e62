// What a query asks to do, as an HTTP method: the action verb decides between the endpoints of
// one resource ("write a note" is POST …/notes, not GET), and word vectors cannot tell opposite
// verbs apart ("write" is close to "read"). The query's first word, when it is a verb (an
// imperative: queries are commands), is looked up in small seed lists of the usual CRUD verbs of
// HTTP APIs, else through the API vocabulary's words for it ("dump" → export), else through its
// WordNet synonyms (lib/search's table: "retire" → "withdraw"), and taken only when one intent
// answers. Any other verb asks for a change ("borrow a book", "overwrite a customer"), by a method
// it does not name. A yes/no question about existence is a HEAD. How much agreeing or not with an
// endpoint's method counts is fitted with the re-ranker (methodAgreement, rank-features.ts).
import { splitIdentifier, stem, tokenize } from "../../../lib/embedding/index.js";

export type MethodIntent = "read" | "exists" | "create" | "update" | "delete" | "act";

/**
 * The usual verbs of each intent in API documentation (CRUD, REST guides), as base forms: written
 * from general knowledge, not from the evaluation's queries.
 */
const SEEDS: Record<Exclude<MethodIntent, "exists" | "act">, string> = {
  read: "get read show fetch view list browse retrieve display see look inspect lookup find search download export",
  create: "create add make post submit insert register write compose publish upload",
  update: "update edit modify change set mark rename replace patch toggle assign adjust",
  delete:
    "delete remove destroy erase discard drop purge clear cancel revoke unsubscribe unfollow unregister withdraw stop quit",
};

const seedIntent = new Map<string, MethodIntent>();
for (const [intent, words] of Object.entries(SEEDS))
  for (const word of words.split(" ")) seedIntent.set(stem(word), intent as MethodIntent);

/** Every seed verb's stem: the WordNet table a search keeps must hold them (build-index.ts). */
export const INTENT_SEED_STEMS: readonly string[] = [...seedIntent.keys()];

/** "does a book exist", "check whether a review exists", "without fetching its body": only whether, not what. */
const EXISTS = [
  /^(does|do|is|are)\b.*\bexists?\b/i,
  /\b(check|whether|if)\b.*\bexists?\b/i,
  /\bwithout (fetching|downloading|reading|getting) (its|the) (body|content)\b/i,
];

export interface IntentLookup {
  /** The stems in the same WordNet synsets as `stem` (lib/search's table). */
  synonyms(stem: string): readonly string[];
  /** The API vocabulary's other words for `stem` ("dump" → export, download, backup). */
  group(stem: string): readonly string[];
  /** Whether WordNet knows `stem` as a verb. */
  isVerb(stem: string): boolean;
  /** Whether the API names a resource with this stem (a path segment): then the word is a noun. */
  isResource(stem: string): boolean;
}

/**
 * The query's intent, or undefined when it is not clear: no verb first, or words for it that
 * point to two intents.
 * @param phraseWord the word a phrase at the query's start stands for ("take … off" → remove), or
 *   the WordNet collocation it starts with ("get_rid_of")
 * @param existence whether the existence patterns apply (false: an ablation, bench/e2e-search/ablate.ts)
 */
export function methodIntent(
  query: string,
  lookup: IntentLookup,
  phraseWord?: string,
  existence = true,
): MethodIntent | undefined {
  if (existence && EXISTS.some((pattern) => pattern.test(query))) return "exists";
  const first = tokenize(query, { dropStopwords: false })[0];
  if (phraseWord?.includes("_")) {
    // A collocation's key ("get_rid_of") is stems already. One whose senses say no one thing
    // ("dispose of") leaves the first word to say it ("dispose": discard), but only through its
    // words: "take" of "take down" is no action of its own.
    const said = wordIntent(phraseWord, lookup);
    if (said) return said;
    const verb = first ? wordIntent(stem(first), lookup) : undefined;
    return verb === "act" ? undefined : verb;
  }
  if (phraseWord) return wordIntent(stem(phraseWord), lookup);
  // Imperatives are base forms ("remove", "removing"): "notes", "orders" are nouns. A query
  // without a verb is not taken as a read either: "an agent takes a ticket" asks for a write
  // (measured: tune 89.8 → 86.4 %).
  if (!first || (first.endsWith("s") && !first.endsWith("ss"))) return undefined;
  return wordIntent(stem(first), lookup);
}

/** What a verb (a stem) asks: seed lists, else the API vocabulary's words for it, else WordNet's synonyms, else an action. */
function wordIntent(key: string, lookup: IntentLookup): MethodIntent | undefined {
  const seeded = seedIntent.get(key);
  if (seeded) return seeded;
  if (lookup.isResource(key)) return undefined;
  const intentsOf = (words: readonly string[]) => new Set(words.flatMap((s) => seedIntent.get(s) ?? []));
  const grouped = intentsOf(lookup.group(key));
  if (grouped.size === 1) return [...grouped][0];
  const found = intentsOf(lookup.synonyms(key));
  if (found.size === 1) return [...found][0];
  return found.size === 0 && lookup.isVerb(key) ? "act" : undefined;
}

/** The method that does each intent by definition (HTTP semantics); "act" names none. */
const NATURAL: Record<MethodIntent, readonly string[]> = {
  read: ["GET", "HEAD"],
  exists: ["HEAD"],
  create: ["POST"],
  update: ["PUT", "PATCH"],
  delete: ["DELETE"],
  act: [],
};
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const CHANGES = new Set<MethodIntent>(["create", "update", "delete", "act"]);

/**
 * The learned re-ranker's view of intent (rank-features.ts), three yes/no features whose weights
 * are fitted, not a table of factors: the method is the one that does the intent; the query asks
 * for a change and the method writes; the query asks for a change and the method only reads, or
 * the reverse.
 */
export function methodAgreement(
  intent: MethodIntent | undefined,
  method: string | undefined,
): [number, number, number] {
  if (!intent || !method) return [0, 0, 0];
  const change = CHANGES.has(intent);
  const writes = WRITES.has(method);
  return [NATURAL[intent].includes(method) ? 1 : 0, change && writes ? 1 : 0, change !== writes ? 1 : 0];
}

/** The intents a verb can name on either side: "act" and "exists" say no one operation. */
const CONCRETE = new Set<MethodIntent>(["read", "create", "update", "delete"]);

/**
 * What an endpoint's NAME says it does, when its last named path segment starts with a verb:
 * RPC-style APIs put the operation there, not in the method (GET /rest/getAlbum, GET
 * /tags/delSeries, GET /whitelist/add, POST /{name}/+unlock). Read through the same verbs as the
 * query (wordIntent); a resource noun ("/tasks") says nothing.
 */
export function nameIntent(path: string, lookup: IntentLookup): MethodIntent | undefined {
  const segments = path.split("/").filter((s) => s && !s.includes("{") && !s.startsWith("^"));
  // "getAlbum.view" → getAlbum; bepasty's "+unlock" → unlock.
  const last = segments
    .at(-1)
    ?.replace(/\.\w+$/, "")
    .replace(/^\W+/, "");
  const first = last ? splitIdentifier(last)[0] : undefined;
  if (!first || segments.length === 0) return undefined;
  const intent = wordIntent(stem(first), lookup);
  return intent && CONCRETE.has(intent) ? intent : undefined;
}

/**
 * The re-ranker's view of the name's operation against the query's (rank-features.ts): both say
 * one and it is the same; both say one and they differ. Weights fitted, as methodAgreement's.
 */
export function nameAgreement(
  intent: MethodIntent | undefined,
  named: MethodIntent | undefined,
): [number, number] {
  if (!intent || !named || !CONCRETE.has(intent)) return [0, 0];
  return intent === named ? [1, 0] : [0, 1];
}
