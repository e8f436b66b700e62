// Word-vector evidence for the fitted re-ranker (rank-features.ts) beside `soft` (lib/search
// SoftMatcher, threshold 0.4 over all the user's words): the same coverage over only the user's
// words no document holds (`soft_gap`: the words that need another word to be found at all,
// "favourite" where the API says "star"), coverage with no threshold (`soft_wide`: a cosine of 0.3
// counts 0.3, not 0), and the best cosine of each user's word to the item's name and path words
// only (`name_cos`). No constant is set here: how much each counts is the model's fitted weight.
import { loadWordVectors, tokenize, type WordVectors } from "../../../lib/embedding/index.js";
import { type LexicalIndex, SoftMatcher, type WeightedTerm } from "../../../lib/search/index.js";
import type { DocHead } from "./documents.js";

export const VECTOR_FEATURES = ["soft_gap", "soft_wide", "name_cos"] as const;
export type VectorFeature = (typeof VECTOR_FEATURES)[number];

/** One matcher per index and kind (their per-document row caches live as long as the index). */
const matchers = new WeakMap<LexicalIndex, { gap: SoftMatcher; wide: SoftMatcher }>();

function matchersOf(lexical: LexicalIndex) {
  let m = matchers.get(lexical);
  if (!m) {
    m = {
      gap: new SoftMatcher(lexical, { exactUnknown: true }),
      wide: new SoftMatcher(lexical, { exactUnknown: true, threshold: 0 }),
    };
    matchers.set(lexical, m);
  }
  return m;
}

let vectors: WordVectors | undefined;

/** The idf-weighted mean over the user's known words of their best cosine (≥ 0) to a name word. */
function nameCosines(
  lexical: LexicalIndex,
  own: readonly WeightedTerm[],
  keys: readonly string[],
  heads: ReadonlyMap<string, DocHead>,
): Map<string, number> {
  vectors ??= loadWordVectors();
  const table = vectors;
  const n = lexical.size;
  const query = own
    .filter((t) => t.weight >= 1)
    .map((t) => ({ row: table.rowOfStem(t.term), df: lexical.documentFrequency(t.term) }))
    .filter((q): q is { row: number; df: number } => q.row !== undefined)
    .map(({ row, df }) => ({ row, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) }));
  const idfSum = query.reduce((s, q) => s + q.idf, 0);
  const out = new Map<string, number>();
  for (const key of keys) {
    const head = heads.get(key)!;
    const rows = tokenize(`${head.path ?? ""} ${head.name ?? ""}`, { stem: true })
      .map((w) => table.rowOfStem(w))
      .filter((r): r is number => r !== undefined);
    let sum = 0;
    for (const q of query) {
      let best = 0;
      for (const r of rows) best = Math.max(best, r === q.row ? 1 : table.similarity(q.row, r));
      sum += q.idf * best;
    }
    out.set(key, idfSum > 0 ? sum / idfSum : 0);
  }
  return out;
}

/** `which`'s value for each candidate key. */
export function vectorFeature(
  which: VectorFeature,
  lexical: LexicalIndex,
  own: WeightedTerm[],
  keys: readonly string[],
  heads: ReadonlyMap<string, DocHead>,
): Map<string, number> {
  if (which === "name_cos") return nameCosines(lexical, own, keys, heads);
  const mine = own.filter((t) => t.weight >= 1);
  if (which === "soft_wide") return matchersOf(lexical).wide.score(mine, keys);
  const gap = mine.filter((t) => lexical.documentFrequency(t.term) === 0);
  if (gap.length === 0) return new Map();
  return matchersOf(lexical).gap.score(gap, keys);
}
