// In-memory BM25 over the indexed documents (k1 = 1.2, b = 0.75), normalised per query so the
// lexical score is absolute rather than relative to the best hit:
//   lex(d) = Σ_t idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avg|d|))  /  Σ_t idf(t)·(k1+1)
// over the distinct query terms t, with idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)).
// lex is in [0, 1): 0 when no term occurs, towards 1 when every term occurs often.
import { tokenize } from "../../../../../lib/embedding/index.js";

const K1 = 1.2;
const B = 0.75;

interface Entry {
  type: string;
  length: number;
  terms: Map<string, number>;
}

export interface LexicalHit {
  key: string;
  score: number;
}

export class LexicalIndex {
  readonly #docs = new Map<string, Entry>();
  readonly #postings = new Map<string, Set<string>>();
  #totalLength = 0;

  get size(): number {
    return this.#docs.size;
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
    this.#docs.set(key, { type, length, terms });
    this.#totalLength += length;
    for (const term of terms.keys()) {
      const keys = this.#postings.get(term);
      if (keys) keys.add(key);
      else this.#postings.set(term, new Set([key]));
    }
  }

  delete(key: string): void {
    const entry = this.#docs.get(key);
    if (!entry) return;
    this.#docs.delete(key);
    this.#totalLength -= entry.length;
    for (const term of entry.terms.keys()) {
      const keys = this.#postings.get(term);
      keys?.delete(key);
      if (keys?.size === 0) this.#postings.delete(term);
    }
  }

  /** Best `limit` documents by normalised BM25, restricted to `types` when given. */
  search(query: string, limit: number, types?: string[]): LexicalHit[] {
    const terms = [...new Set(tokenize(query, { stem: true }))];
    const n = this.#docs.size;
    if (terms.length === 0 || n === 0) return [];
    const avgLength = this.#totalLength / n || 1;
    const allowed = types ? new Set(types) : null;
    const scores = new Map<string, number>();
    let ideal = 0;
    for (const term of terms) {
      const keys = this.#postings.get(term);
      const df = keys?.size ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      ideal += idf * (K1 + 1);
      if (!keys) continue;
      for (const key of keys) {
        const entry = this.#docs.get(key)!;
        if (allowed && !allowed.has(entry.type)) continue;
        const tf = entry.terms.get(term)!;
        const part = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * entry.length) / avgLength));
        scores.set(key, (scores.get(key) ?? 0) + part);
      }
    }
    const hits: LexicalHit[] = [];
    for (const [key, score] of scores) hits.push({ key, score: score / ideal });
    hits.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
    return hits.slice(0, limit);
  }
}
