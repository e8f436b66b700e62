// The features lib/search's learned re-ranker (rerank.ts) reads for each candidate of a query:
// one number per channel of evidence, so that how much each counts is fitted on judged queries
// (`npm run fit:e2e-search`: the fixtures and the open real apps) instead of set by hand. Lexical
// channels are BM25 (lib/search, normalised, square-rooted as hybrid.ts does) over three term
// sets: the user's own words, plus WordNet's, plus the API vocabulary's; then soft matching, the
// vector cosine, how much of the item's name or path the query covers, the item's kind, and
// whether the endpoint's method does what the query's verb asks (method-intent.ts), as yes/no
// features rather than a table of factors, and the method prior learned from the judged queries'
// answers (lib/search method-prior.ts: lm_first, lm_all, from the table fit.ts writes beside the
// model). With an embeddings endpoint (EMBEDDINGS_URL), its cosine is one more feature
// (CHANNEL_FEATURES), with weights of its own fitted with that channel (lib/search
// e2eRerankerPath("http")). The other features of the catalogue were measured and left out; they
// stay computable for the benchmark's comparisons only.
import { cosine, tokenize } from "../../../lib/embedding/index.js";
import {
  type LexicalIndex,
  type MethodPrior,
  methodPriorOf,
  type WeightedTerm,
} from "../../../lib/search/index.js";
import type { DocHead } from "./documents.js";
import { EXPANSION_FEATURES, type ExpansionFeature, expansionGain } from "./expansion-features.js";
import { type MethodIntent, methodAgreement, nameAgreement } from "./method-intent.js";
import { VECTOR_FEATURES, type VectorFeature, vectorFeature } from "./vector-features.js";

/**
 * Every feature this file can compute. The model uses FEATURES; the others were measured and left
 * out (bench/e2e-search, leave one app out over the fixtures and the open real apps): they stay
 * computable so the benchmark can rank with the model before them in the same run.
 */
const CATALOGUE = [
  "lex_own",
  "lex_wordnet",
  "lex_all",
  "soft",
  "cosine",
  "prf",
  "name_share",
  "method_agrees",
  "write_for_change",
  "method_mismatch",
  "kind_page_method",
  "kind_module",
  "kind_dto",
  "kind_field",
  "channel_cosine",
  // Trials (2026-11-28, bench/e2e-search/feature-trials.ts; bench/results/e2e-search.md): measured
  // under leave-one-app-out CV, none kept so far. rel_X is X less the query's best X.
  "hybrid",
  "is_get",
  "is_post",
  "is_put",
  "is_patch",
  "is_delete",
  "path_item",
  "rel_lex_own",
  "rel_lex_all",
  "rel_soft",
  "rel_cosine",
  "rel_hybrid",
  "name_op_agrees",
  "name_op_conflicts",
  // The method prior learned from the training queries (lib/search method-prior.ts): the
  // candidate's method's value for the query's first word, or the mean over all its words.
  "lm_first",
  "lm_all",
  // 1 when a candidate with a higher first-stage score runs the same handler (same service, file
  // and handler name): a route's second spelling ("/star" and "/star.view", GET and POST of one
  // view), which says nothing the first did not.
  "handler_dup",
  // Expansion learned from the indexed API's own text (expansion-features.ts): corpus
  // co-occurrence, word-vector neighbours among the corpus's words, pseudo-relevance feedback.
  ...EXPANSION_FEATURES,
  // Word-vector coverage variants beside `soft` (vector-features.ts).
  ...VECTOR_FEATURES,
] as const;
export type FeatureName = (typeof CATALOGUE)[number];

/**
 * The model shipped before this one (2026-11-28 11:10 to 16:30, the learned method prior's
 * commit on): the benchmark's "before". Before it, `prf` (the cosine to the first stage's top-5
 * centroid) and `method_mismatch` left the model (measured worse or no better without them).
 */
const PREVIOUS_FEATURES: readonly FeatureName[] = [
  "lex_own",
  "lex_wordnet",
  "lex_all",
  "soft",
  "cosine",
  "name_share",
  "method_agrees",
  "write_for_change",
  "kind_page_method",
  "kind_module",
  "kind_dto",
  "kind_field",
  "lm_first",
  "lm_all",
];

/**
 * The shipped model's: the previous ones without `name_share` (the idf share of the user's words
 * in the item's name or path), which no longer paid its way beside the learned method prior
 * (2026-11-28 16:30, leave-one-app-out CV on the open real apps and the fixtures,
 * bench/results/e2e-search.md). Measured there and left out: the corpus-learned expansions
 * (lex_cooc, lex_neighbours, lex_rm3) and the word-vector variants (soft_gap, soft_wide,
 * name_cos; soft_gap in name_share's place was fitted a weight of 0.03).
 */
const FEATURES: readonly FeatureName[] = PREVIOUS_FEATURES.filter((f) => f !== "name_share");

/** FEATURES and the embeddings endpoint's cosine (the HTTP channel), when one is configured. */
export const CHANNEL_FEATURES: readonly FeatureName[] = [...FEATURES, "channel_cosine"];

/**
 * Which model's features: the shipped one, the one before (bench/e2e-search compares them), or
 * every feature computable (the trials' catalogue, bench/e2e-search/feature-trials.ts).
 */
export type FeatureSet = "shipped" | "previous" | "catalogue";

/** The features a search computes: with the HTTP channel's cosine or without. */
export const featureNames = (channel: boolean, set: FeatureSet = "shipped"): readonly FeatureName[] => {
  const base =
    set === "previous"
      ? PREVIOUS_FEATURES
      : set === "catalogue"
        ? CATALOGUE.filter((f) => f !== "channel_cosine")
        : FEATURES;
  return channel ? [...base, "channel_cosine"] : base;
};

/** The term sets of one query, from the narrowest to the widest. */
export interface QueryTermSets {
  own: WeightedTerm[];
  wordnet: WeightedTerm[];
  all: WeightedTerm[];
}

export interface Candidate {
  key: string;
  /** The first stage's hybrid score (lib/search hybridScore): what min_score is held against. */
  hybrid: number;
  cosine: number;
  /** Soft matching's share (lib/search SoftMatcher). */
  soft: number;
  /** The HTTP channel's cosine (undefined without one). */
  channel?: number;
}

export interface FeatureContext {
  lexical: LexicalIndex;
  heads: ReadonlyMap<string, DocHead>;
  vectors: ReadonlyMap<string, Float32Array>;
  terms: QueryTermSets;
  intent: MethodIntent | undefined;
  /** The features to compute, in order (featureNames). */
  names: readonly FeatureName[];
  /** What an endpoint's path names as its operation (method-intent.ts nameIntent), memoised by the index. */
  nameIntent: (path: string) => MethodIntent | undefined;
  /** The query as typed, and the learned method prior (read only when lm_first / lm_all are asked). */
  query: string;
  methodPrior: () => MethodPrior;
}

/** √(normalised BM25) of `terms` for each candidate (0 when it holds none). */
function lexicalOf(lexical: LexicalIndex, terms: WeightedTerm[], keys: ReadonlySet<string>) {
  const out = new Map<string, number>();
  for (const hit of lexical.search(terms, keys.size, { accept: (k) => keys.has(k) }))
    out.set(hit.key, Math.sqrt(Math.max(0, hit.score)));
  return out;
}

/** The idf of each of the user's own words (weight ≈ 1): once per query, not per candidate. */
function ownIdfs(lexical: LexicalIndex, own: WeightedTerm[]): { term: string; idf: number }[] {
  const n = lexical.size || 1;
  return own
    .filter(({ weight }) => weight >= 0.99)
    .map(({ term }) => ({ term, idf: Math.log(1 + (n + 0.5) / (lexical.documentFrequency(term) + 0.5)) }));
}

/** The idf-weighted share of the user's words that the item's name or path holds. */
function nameShare(head: DocHead, idfs: readonly { term: string; idf: number }[]): number {
  const words = new Set(
    tokenize(`${head.path ?? ""} ${head.name ?? ""}`, { stem: true, dropStopwords: false }),
  );
  let total = 0;
  let found = 0;
  for (const { term, idf } of idfs) {
    total += idf;
    if (words.has(term)) found += idf;
  }
  return total > 0 ? found / total : 0;
}

/** The centroid of the first stage's best `k` candidates' vectors (pseudo-relevance feedback). */
function feedbackCentroid(
  candidates: readonly Candidate[],
  vectors: ReadonlyMap<string, Float32Array>,
  k = 5,
) {
  const top = [...candidates].sort((a, b) => b.hybrid - a.hybrid || (a.key < b.key ? -1 : 1)).slice(0, k);
  const first = vectors.get(top[0]?.key ?? "");
  if (!first) return undefined;
  const sum = new Float32Array(first.length);
  for (const { key } of top) {
    const vector = vectors.get(key)!;
    for (let i = 0; i < sum.length; i++) sum[i]! += vector[i]!;
  }
  // Unit length: lib/embedding's cosine is a dot product of unit vectors.
  const norm = Math.hypot(...sum) || 1;
  return sum.map((v) => v / norm);
}

/** Each candidate's feature vector, in context.names's order. */
export function candidateFeatures(context: FeatureContext, candidates: readonly Candidate[]): number[][] {
  const { names } = context;
  const base = names.map((n) => (n.startsWith("rel_") ? n.slice(4) : n) as BaseName);
  const rows = baseFeatures(context, candidates, base);
  if (base.every((n, j) => n === names[j])) return rows;
  // rel_X: X less its best value among this query's candidates (how far from the query's best).
  const best = base.map((_, j) => Math.max(...rows.map((r) => r[j]!)));
  return rows.map((r) => r.map((v, j) => (names[j] === base[j] ? v : v - best[j]!)));
}

/** What one query gives every candidate's features (computed once per query). */
interface QueryEvidence {
  context: FeatureContext;
  own: Map<string, number>;
  wordnet: Map<string, number>;
  all: Map<string, number>;
  centroid: Float32Array | undefined;
  idfs: { term: string; idf: number }[];
  /** The candidates whose handler a better first-stage candidate runs too (handler_dup). */
  dups: ReadonlySet<string>;
  /** The learned method prior's values for this query, by the candidate's method. */
  lm: (method: string | undefined) => { first: number; all: number };
  /** Each asked expansion feature's value by candidate key (expansion-features.ts). */
  expansion: ReadonlyMap<ExpansionFeature | VectorFeature, ReadonlyMap<string, number>>;
}

type BaseName = Exclude<FeatureName, `rel_${string}`>;
type Value = (c: Candidate, head: DocHead, q: QueryEvidence) => number;

const isMethod =
  (m: string): Value =>
  (_, head) =>
    head.method === m ? 1 : 0;
const method =
  (i: 0 | 1 | 2): Value =>
  (_, head, q) =>
    methodAgreement(q.context.intent, head.method)[i];
const named =
  (i: 0 | 1): Value =>
  (_, head, q) =>
    nameAgreement(q.context.intent, head.path ? q.context.nameIntent(head.path) : undefined)[i];

/** How each feature is read (one table for every search: only the named ones are called). */
const VALUE: Record<BaseName, Value> = {
  lex_own: (c, _, q) => q.own.get(c.key) ?? 0,
  lex_wordnet: (c, _, q) => q.wordnet.get(c.key) ?? 0,
  lex_all: (c, _, q) => q.all.get(c.key) ?? 0,
  soft: (c) => c.soft,
  cosine: (c) => Math.max(0, c.cosine),
  prf: (c, _, q) => (q.centroid ? Math.max(0, cosine(q.centroid, q.context.vectors.get(c.key)!)) : 0),
  name_share: (_, head, q) => nameShare(head, q.idfs),
  method_agrees: method(0),
  write_for_change: method(1),
  method_mismatch: method(2),
  kind_page_method: (_, head) => (head.kind === "page-method" ? 1 : 0),
  kind_module: (_, head) => (head.kind === "module" ? 1 : 0),
  kind_dto: (_, head) => (head.kind === "dto" ? 1 : 0),
  kind_field: (_, head) => (head.kind === "field" ? 1 : 0),
  channel_cosine: (c) => Math.max(0, c.channel ?? 0),
  hybrid: (c) => c.hybrid,
  is_get: isMethod("GET"),
  is_post: isMethod("POST"),
  is_put: isMethod("PUT"),
  is_patch: isMethod("PATCH"),
  is_delete: isMethod("DELETE"),
  path_item: (_, head) => (head.path && /\}\/?$/.test(head.path) ? 1 : 0),
  name_op_agrees: named(0),
  name_op_conflicts: named(1),
  lm_first: (_, head, q) => q.lm(head.kind === "endpoint" ? head.method : undefined).first,
  lm_all: (_, head, q) => q.lm(head.kind === "endpoint" ? head.method : undefined).all,
  handler_dup: (c, _, q) => (q.dups.has(c.key) ? 1 : 0),
  lex_cooc: (c, _, q) => q.expansion.get("lex_cooc")?.get(c.key) ?? 0,
  lex_neighbours: (c, _, q) => q.expansion.get("lex_neighbours")?.get(c.key) ?? 0,
  lex_rm3: (c, _, q) => q.expansion.get("lex_rm3")?.get(c.key) ?? 0,
  soft_gap: (c, _, q) => q.expansion.get("soft_gap")?.get(c.key) ?? 0,
  soft_wide: (c, _, q) => q.expansion.get("soft_wide")?.get(c.key) ?? 0,
  name_cos: (c, _, q) => q.expansion.get("name_cos")?.get(c.key) ?? 0,
};

/** The candidates that run the handler of a candidate before them in the first stage's order. */
function duplicates(candidates: readonly Candidate[], heads: ReadonlyMap<string, DocHead>): Set<string> {
  const order = [...candidates].sort((a, b) => b.hybrid - a.hybrid || (a.key < b.key ? -1 : 1));
  const seen = new Set<string>();
  const out = new Set<string>();
  for (const { key } of order) {
    const head = heads.get(key)!;
    if (!head.handler) continue;
    const handler = `${head.service}\u0000${head.file}\u0000${head.handler}`;
    if (seen.has(handler)) out.add(key);
    seen.add(handler);
  }
  return out;
}

/** Each candidate's value of each named feature (rel_X come as X: candidateFeatures shifts them). */
function baseFeatures(
  context: FeatureContext,
  candidates: readonly Candidate[],
  names: readonly BaseName[],
): number[][] {
  const { lexical, heads, vectors, terms } = context;
  const keys = new Set(candidates.map((c) => c.key));
  const q: QueryEvidence = {
    context,
    own: lexicalOf(lexical, terms.own, keys),
    wordnet: lexicalOf(lexical, terms.wordnet, keys),
    all: lexicalOf(lexical, terms.all, keys),
    dups: names.includes("handler_dup") ? duplicates(candidates, heads) : new Set(),
    centroid: names.includes("prf") ? feedbackCentroid(candidates, vectors) : undefined,
    idfs: ownIdfs(lexical, terms.own),
    lm:
      names.includes("lm_first") || names.includes("lm_all")
        ? methodPriorOf(context.methodPrior(), context.query)
        : () => ({ first: 0, all: 0 }),
    expansion: new Map([
      ...EXPANSION_FEATURES.filter((f) => names.includes(f)).map(
        (f) => [f, expansionGain(f, lexical, terms.own, candidates)] as const,
      ),
      ...VECTOR_FEATURES.filter((f) => names.includes(f)).map(
        (f) => [f, vectorFeature(f, lexical, terms.own, [...keys], heads)] as const,
      ),
    ]),
  };
  const values = names.map((name) => {
    const of = VALUE[name];
    if (!of)
      throw new Error(`unknown re-ranker feature "${name}" (rank-features.ts knows ${CATALOGUE.join(", ")})`);
    return of;
  });
  return candidates.map((c) => {
    const head = heads.get(c.key)!;
    return values.map((of) => of(c, head, q));
  });
}
