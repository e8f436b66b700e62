// In-memory BM25 over the indexed documents (k1 = 1.2, b = 0.75), normalised per query so the
// lexical score is absolute rather than relative to the best hit:
//   lex(d) = Σ_t idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avg|d|))  /  Σ_t idf(t)·(k1+1)
// over the distinct (stemmed) query terms t, with idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)).
// lex is in [0, 1): 0 when no term occurs, towards 1 when every term occurs often.
// Documents get dense integer slots (reused after deletion) so scoring accumulates into a
// typed array instead of a Map, and only the best `limit` are selected, never a full sort.
import { tokenize } from "../../../../../lib/embedding/index.js";

const K1 = 1.2;
const B = 0.75;

export interface LexicalHit {
  key: string;
  score: number;
}

export class LexicalIndex {
  readonly #slotOf = new Map<string, number>();
  readonly #keys: (string | undefined)[] = [];
  readonly #types: string[] = [];
  readonly #lengths: number[] = [];
  readonly #terms: Map<string, number>[] = [];
  readonly #free: number[] = [];
  /** term → (slot → boosted term frequency) */
  readonly #postings = new Map<string, Map<number, number>>();
  #totalLength = 0;
  #scores = new Float64Array(0);

  get size(): number {
    return this.#slotOf.size;
  }

  /** Adds or replaces a document; `fields` are [text, boost] (a boost repeats the field's terms). */
  set(key: string, type: string, fields: [string, number][]): void {
    this.delete(key);
    const terms = new Map<string, number>();
    let length = 0;
    for (const [text, boost] of fields) {
      for (const token of tokenize(text, { stem: true })) {
        terms.set(token, (terms.get(token) ?? 0) + boost);
        length += boost;
      }
    }
    const slot = this.#free.pop() ?? this.#keys.length;
    this.#slotOf.set(key, slot);
    this.#keys[slot] = key;
    this.#types[slot] = type;
    this.#lengths[slot] = length;
    this.#terms[slot] = terms;
    this.#totalLength += length;
    for (const [term, tf] of terms) {
      const posting = this.#postings.get(term);
      if (posting) posting.set(slot, tf);
      else this.#postings.set(term, new Map([[slot, tf]]));
    }
  }

  delete(key: string): void {
    const slot = this.#slotOf.get(key);
    if (slot === undefined) return;
    this.#slotOf.delete(key);
    this.#totalLength -= this.#lengths[slot]!;
    for (const term of this.#terms[slot]!.keys()) {
      const posting = this.#postings.get(term);
      posting?.delete(slot);
      if (posting?.size === 0) this.#postings.delete(term);
    }
    this.#keys[slot] = undefined;
    this.#terms[slot] = new Map();
    this.#free.push(slot);
  }

  /** Best `limit` documents by normalised BM25, restricted to `types` when given. */
  search(query: string, limit: number, types?: string[]): LexicalHit[] {
    const terms = [...new Set(tokenize(query, { stem: true }))];
    const n = this.#slotOf.size;
    if (terms.length === 0 || n === 0) return [];
    const avgLength = this.#totalLength / n || 1;
    const allowed = types ? new Set(types) : null;
    if (this.#scores.length < this.#keys.length) this.#scores = new Float64Array(this.#keys.length * 2);
    const scores = this.#scores;
    const touched: number[] = [];
    let ideal = 0;
    for (const term of terms) {
      const posting = this.#postings.get(term);
      const df = posting?.size ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      ideal += idf * (K1 + 1);
      if (!posting) continue;
      for (const [slot, tf] of posting) {
        if (allowed && !allowed.has(this.#types[slot]!)) continue;
        if (scores[slot] === 0) touched.push(slot);
        scores[slot]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.#lengths[slot]!) / avgLength));
      }
    }
    const best = selectBest(touched, scores, limit, this.#keys as string[]);
    for (const slot of touched) scores[slot] = 0;
    return best.map(({ slot, score }) => ({ key: this.#keys[slot]!, score: score / ideal }));
  }
}

// The `limit` best slots by score (ties: smaller key first), by sorted insertion: most slots
// lose to the current last place and cost one comparison.
function selectBest(
  slots: number[],
  scores: Float64Array,
  limit: number,
  keys: string[],
): { slot: number; score: number }[] {
  const chosen: { slot: number; score: number }[] = [];
  const better = (a: { slot: number; score: number }, b: { slot: number; score: number }) =>
    a.score > b.score || (a.score === b.score && keys[a.slot]! < keys[b.slot]!);
  for (const slot of slots) {
    const entry = { slot, score: scores[slot]! };
    if (chosen.length === limit && !better(entry, chosen[limit - 1]!)) continue;
    if (chosen.length === limit) chosen.pop();
    let i = chosen.length;
    while (i > 0 && better(entry, chosen[i - 1]!)) i--;
    chosen.splice(i, 0, entry);
  }
  return chosen;
}
