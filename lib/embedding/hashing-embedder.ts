// Deterministic text embedding by signed feature hashing: no model, no download, no network.
// Features per token: the token itself (stemmed) and its character 3-grams (so "authenticate" and
// "authentication" share most of their mass). Weights are TF-IDF-like:
//   w(token) = (1 + ln tf) * idf(token)
//   idf      = corpus given ? ln(1 + (N + 1) / (df + 1)) : a length prior (short tokens are
//              usually noise: 1-2 chars 0.5, 3 chars 0.75, longer 1.0)
// A word feature adds ±w at hash(token) mod D; each of a token's n 3-grams adds
// ±w * NGRAM_SHARE / sqrt(n). The sign comes from the hash's top bit, the bucket from its low
// bits, so collisions cancel in expectation. The result is L2-normalised (all-zero for a text
// with no tokens).
import type { CorpusStats } from "./corpus-stats.js";
import { fmix32, hash32 } from "./hash.js";
import { tokenize } from "./tokenize.js";

// 512: collision noise (~1/sqrt(D) on the cosine) is small enough that unrelated short texts
// stay below related ones; exact search over a sparse query costs the same at any D (see the
// embedded vector index); the price is memory, 2 KiB per item.
const DEFAULT_DIMENSION = 512;
const NGRAM_SHARE = 0.6;
const WORD_SEED = 0x811c9dc5;
const NGRAM_SEED = 0x01000193;

export interface HashingEmbedderOptions {
  /** Vector length. @default 512 */
  dimension?: number;
  /** Document frequencies for IDF; without them a fixed length prior is used. */
  corpus?: CorpusStats;
}

export class HashingEmbedder {
  readonly name = "hashing";
  readonly dimension: number;
  readonly #corpus: CorpusStats | undefined;

  constructor(options: HashingEmbedderOptions = {}) {
    const dimension = options.dimension ?? DEFAULT_DIMENSION;
    if (!Number.isInteger(dimension) || dimension < 8 || dimension > 65_536) {
      throw new RangeError(`HashingEmbedder dimension must be an integer 8..65536, got ${dimension}`);
    }
    this.dimension = dimension;
    this.#corpus = options.corpus;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedSync(text));
  }

  /** Synchronous form, for callers that embed in a tight loop (benchmarks, the CLI search). */
  embedSync(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    const counts = new Map<string, number>();
    for (const token of tokenize(text, { stem: true })) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, tf] of counts) {
      const weight = (1 + Math.log(tf)) * this.#idf(token);
      this.#add(vector, hash32(token, WORD_SEED), weight);
      this.#addTrigrams(vector, token, weight);
    }
    return normalize(vector);
  }

  #idf(token: string): number {
    const corpus = this.#corpus;
    if (corpus && corpus.documentCount > 0) {
      return Math.log(1 + (corpus.documentCount + 1) / (corpus.documentFrequency(token) + 1));
    }
    return token.length <= 2 ? 0.5 : token.length === 3 ? 0.75 : 1;
  }

  // 3-grams of "^token$", hashed in place (no substring allocation).
  #addTrigrams(vector: Float32Array, token: string, weight: number): void {
    const padded = token.length + 2;
    const grams = padded - 2;
    if (grams < 2) return; // a 1-char token: its only gram is itself
    const share = (weight * NGRAM_SHARE) / Math.sqrt(grams);
    for (let start = 0; start < grams; start++) {
      let h = NGRAM_SEED;
      for (let i = start; i < start + 3; i++) {
        const code = i === 0 ? 94 /* ^ */ : i === padded - 1 ? 36 /* $ */ : token.charCodeAt(i - 1);
        h ^= code;
        h = Math.imul(h, 0x01000193);
      }
      this.#add(vector, fmix32(h), share);
    }
  }

  #add(vector: Float32Array, hash: number, weight: number): void {
    const index = hash % this.dimension;
    vector[index]! += hash & 0x80000000 ? -weight : weight;
  }
}

/** Scales to unit length in place; leaves an all-zero vector as it is. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  return vector;
}

/** Cosine similarity of any two vectors (not assumed unit length; 0 when one is all zeros). */
export function cosineOf(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Dot product; equals cosine similarity for L2-normalised vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`vector lengths differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
