// The committed word-vector table (word-vector-table.ts: GloVe 100-d, the 50k most frequent
// words, int8), used in place: reading is one 5 MB file read and two passes to index line starts
// (a few ms), lookups are binary searches over the sorted word and stem blocks, memoised (up to
// LOOKUP_MEMO_LIMIT words each, then started over), and a row's length is computed when it is first
// used. Each user reads it on first use (loadWordVectors).
import { readFileSync } from "node:fs";
import { remember } from "../collections/index.js";
import { dataFile } from "./data-file.js";
import { stem } from "./stem.js";
import { WORD_VECTOR_FORMAT } from "./word-vector-table.js";

export const WORD_VECTORS_PATH = dataFile(import.meta.url, "embedding", "word-vectors.bin");

/**
 * Words each lookup memo remembers before it starts over. Unbounded, it held every word a
 * long-running service ever embedded, the unknown ones too (ids, numbers, names): in the event
 * stream's benchmark it was the task graph's one live structure that grew without end (+1 MiB a
 * minute, bench/results/events.md). A miss is one binary search of the table (~1-2 µs).
 */
export const LOOKUP_MEMO_LIMIT = 10_000;

export class WordVectors {
  readonly dimension: number;
  readonly size: number;
  readonly #bytes: Int8Array;
  /** 1 / length of each row; 0 until computed. */
  readonly #inverseNorm: Float32Array;
  readonly #words: SortedLines;
  readonly #stems: SortedLines;
  readonly #wordRow = new Map<string, number | null>();
  readonly #stemRow = new Map<string, number | null>();

  constructor(table: Buffer) {
    const headerEnd = table.indexOf(10);
    const header = JSON.parse(table.toString("latin1", 0, headerEnd)) as {
      format: string;
      words: number;
      dimension: number;
      wordsBytes: number;
      stemsBytes: number;
    };
    if (header.format !== WORD_VECTOR_FORMAT) throw new Error(`unknown word-vector format ${header.format}`);
    const wordsAt = headerEnd + 1;
    const stemsAt = wordsAt + header.wordsBytes;
    const vectorsAt = stemsAt + header.stemsBytes;
    this.#words = new SortedLines(table.toString("latin1", wordsAt, stemsAt));
    this.#stems = new SortedLines(table.toString("latin1", stemsAt, vectorsAt));
    this.dimension = header.dimension;
    this.size = header.words;
    this.#bytes = new Int8Array(table.buffer, table.byteOffset + vectorsAt, header.words * header.dimension);
    this.#inverseNorm = new Float32Array(header.words);
  }

  static read(path = WORD_VECTORS_PATH): WordVectors {
    return new WordVectors(readFileSync(path));
  }

  /** The row of a word as written (lowercase), else of the most frequent word with its stem. */
  rowOf(word: string): number | undefined {
    return lookup(this.#wordRow, this.#words, word) ?? lookup(this.#stemRow, this.#stems, stem(word));
  }

  /** The row of the most frequent word whose stem is `term` (a lexical index term), else of `term` itself. */
  rowOfStem(term: string): number | undefined {
    return lookup(this.#stemRow, this.#stems, term) ?? lookup(this.#wordRow, this.#words, term);
  }

  /** Adds weight × the row's unit vector to `out`. */
  addTo(out: Float32Array, row: number, weight: number): void {
    const d = this.dimension;
    const scale = weight * this.#inverse(row);
    for (let i = 0; i < d; i++) out[i]! += this.#bytes[row * d + i]! * scale;
  }

  /** Words the lookup memos hold now (both; each is bounded by LOOKUP_MEMO_LIMIT). */
  get memoized(): number {
    return this.#wordRow.size + this.#stemRow.size;
  }

  /**
   * Cosine of two rows. The dot product of bytes is a sum of integers, exact in any order: four
   * running sums (a third fewer steps of the loop, soft matching's main cost) give the same value.
   */
  similarity(a: number, b: number): number {
    const d = this.dimension;
    const bytes = this.#bytes;
    const at = a * d;
    const bt = b * d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = 0;
    for (; i + 3 < d; i += 4) {
      s0 += bytes[at + i]! * bytes[bt + i]!;
      s1 += bytes[at + i + 1]! * bytes[bt + i + 1]!;
      s2 += bytes[at + i + 2]! * bytes[bt + i + 2]!;
      s3 += bytes[at + i + 3]! * bytes[bt + i + 3]!;
    }
    for (; i < d; i++) s0 += bytes[at + i]! * bytes[bt + i]!;
    return (s0 + s1 + s2 + s3) * this.#inverse(a) * this.#inverse(b);
  }

  #inverse(row: number): number {
    let inverse = this.#inverseNorm[row]!;
    if (inverse === 0) {
      const d = this.dimension;
      let sum = 0;
      for (let i = 0; i < d; i++) sum += this.#bytes[row * d + i]! ** 2;
      // Rounded as stored, so the first use of a row gives the same value as every later one.
      inverse = Math.fround(sum === 0 ? 0 : 1 / Math.sqrt(sum));
      this.#inverseNorm[row] = inverse;
    }
    return inverse;
  }
}

/** "key row" lines sorted by key, searched in place. */
class SortedLines {
  readonly #starts: number[] = [];
  constructor(readonly text: string) {
    for (let at = 0; at < text.length; at = text.indexOf("\n", at) + 1) this.#starts.push(at);
  }

  find(key: string): number | undefined {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = this.#starts[mid]!;
      const space = this.text.indexOf(" ", start);
      const k = this.text.slice(start, space);
      if (k === key) return Number.parseInt(this.text.slice(space + 1, this.text.indexOf("\n", space)), 10);
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

function lookup(memo: Map<string, number | null>, lines: SortedLines, key: string): number | undefined {
  // A word the table lacks is remembered as null: `??` on the memo would look it up again.
  let row = memo.get(key);
  if (row === undefined) row = remember(memo, key, lines.find(key) ?? null, LOOKUP_MEMO_LIMIT);
  return row ?? undefined;
}

/**
 * The committed table, read afresh (~10 ms): each user keeps its own on first use, so two apps in
 * one process share no lookup memo.
 */
export function loadWordVectors(): WordVectors {
  return WordVectors.read();
}
