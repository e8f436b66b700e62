// Text embedding from pre-trained word vectors (word-vectors.ts), so texts that say the same
// thing in other words land close: "money back" near "refund". A text's vector is the weighted
// mean of its words' vectors (SIF, Arora et al. 2017):
//   v = Σ_w tf(w) · a / (a + p(w)) · vec(w),   p(w) ≈ Zipf's law from the word's frequency rank
// so frequent words weigh little and rare ones fully, then the direction every text shares (the
// weighted mean of the vocabulary) is projected out, and the result is L2-normalised. Words the
// table lacks (identifiers, product names) add nothing: the lexical side matches those.
// Deterministic and stateless: a text's vector never depends on the corpus.
import { readFileSync } from "node:fs";
import { dataFile } from "./data-file.js";
import { normalize } from "./hashing-embedder.js";
import { forEachToken } from "./tokenize.js";
import { loadWordVectors, type WordVectors } from "./word-vectors.js";

/**
 * The committed table's shared direction (float32, little-endian), written with the table by
 * `npm run build:word-vectors`; a test holds it to computeSharedDirection. Computing it reads all
 * 50k rows (~40 ms), which every `e2e search` process paid before its first query.
 */
export const SHARED_DIRECTION_PATH = dataFile(import.meta.url, "embedding", "word-vectors.shared.f32");

const SIF_A = 1e-3;
/** Σ 1/r over GloVe's 400k-word vocabulary ≈ ln(400k) + γ: turns a rank into a probability. */
const ZIPF_NORM = Math.log(400_000) + 0.5772;

export interface WordVectorEmbedderOptions {
  /** Project out the shared direction. @default true */
  removeCommon?: boolean;
  /** The table; read on first use when not given. */
  vectors?: WordVectors;
}

export class WordVectorEmbedder {
  readonly name = "glove100";
  readonly dimension = 100;
  readonly #removeCommon: boolean;
  /** The committed table (not one a caller passed): its shared direction is read, not computed. */
  readonly #committedTable: boolean;
  #vectors: WordVectors | undefined;
  #common: Float32Array | undefined;

  constructor(options: WordVectorEmbedderOptions = {}) {
    this.#removeCommon = options.removeCommon ?? true;
    this.#committedTable = options.vectors === undefined;
    this.#vectors = options.vectors;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedSync(text));
  }

  embedSync(text: string): Float32Array {
    const table = this.#table();
    const out = new Float32Array(table.dimension);
    const counts = new Map<number, number>();
    forEachToken(text, {}, (token) => {
      const row = table.rowOf(token);
      if (row !== undefined) counts.set(row, (counts.get(row) ?? 0) + 1);
    });
    for (const [row, tf] of counts) {
      const weight = tf * sifWeight(row);
      table.addTo(out, row, weight);
    }
    if (counts.size > 0 && this.#removeCommon) {
      const common = this.#commonDirection(table);
      let dot = 0;
      for (let i = 0; i < out.length; i++) dot += out[i]! * common[i]!;
      for (let i = 0; i < out.length; i++) out[i]! -= dot * common[i]!;
    }
    return normalize(out);
  }

  /** The table it embeds with (read on first use): soft matching over the same words can share it. */
  get vectors(): WordVectors {
    return this.#table();
  }

  #table(): WordVectors {
    this.#vectors ??= loadWordVectors();
    if (this.#vectors.dimension !== this.dimension) {
      throw new Error(`word vectors have ${this.#vectors.dimension} dimensions, expected ${this.dimension}`);
    }
    return this.#vectors;
  }

  #commonDirection(table: WordVectors): Float32Array {
    this.#common ??=
      (this.#committedTable && readSharedDirection(table.dimension)) || computeSharedDirection(table);
    return this.#common;
  }
}

/** The expected contribution of one running-text word: Σ_r p(r) · sif(r) · vec(r), unit length. */
export function computeSharedDirection(table: WordVectors): Float32Array {
  const common = new Float32Array(table.dimension);
  for (let row = 0; row < table.size; row++) table.addTo(common, row, probability(row) * sifWeight(row));
  return normalize(common);
}

/** The committed direction, or undefined when its file is missing or of another size (computed then). */
function readSharedDirection(dimension: number): Float32Array | undefined {
  try {
    const bytes = readFileSync(SHARED_DIRECTION_PATH);
    if (bytes.length !== dimension * 4) return undefined;
    const direction = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) direction[i] = bytes.readFloatLE(i * 4);
    return direction;
  } catch {
    return undefined;
  }
}

// The table keeps GloVe's order, so a row approximates the word's frequency rank (rank = row + 1
// among words of letters; punctuation and numbers ranked in between are few).
function probability(row: number): number {
  return 1 / ((row + 1) * ZIPF_NORM);
}

function sifWeight(row: number): number {
  return SIF_A / (SIF_A + probability(row));
}
