// Mirroring a large upload into search works in slices of the event loop (issue 25 point 5):
// timers and requests run while it goes on, and what it indexes is what one pass would index.
import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { LexicalIndex } from "../../../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { CodeSearchIndexer } from "../../src/domain/code/code-search.js";
import { type SearchDocument, SearchService } from "../../src/domain/search/index.js";
import { PIECE_CHARS, slicedTerms } from "../../src/domain/search/sliced-terms.js";
import { TimeSlicer } from "../../src/domain/search/time-slicer.js";

const source = (i: number) =>
  Array.from(
    { length: 60 },
    (_, line) =>
      `export function handler${i}_${line}(request: HttpRequest) { return parseHeaders(request); }`,
  ).join("\n");

const fileDoc = (i: number, text = source(i)): SearchDocument => ({
  type: "file",
  id: `app:src/file${i}.ts`,
  title: `src/file${i}.ts`,
  text,
  fields: [
    [`src file${i} ts`, 3],
    [text, 1],
  ],
  embedText: text.slice(0, 2000),
  location: { repo: "app", path: `src/file${i}.ts`, line: 1 },
});

/** How many times a 1 ms interval fired while `work` ran: once per turn of the event loop at most. */
async function ticksDuring(work: () => Promise<void>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    await work();
    return ticks;
  } finally {
    clearInterval(timer);
  }
}

describe("mirroring code into search in slices of the event loop", () => {
  // Over a second of work: one slice a second (or none) would give a tick or two.
  it("lets timers run between slices while 2,000 files are indexed, and then finds them", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    const docs = Array.from({ length: 2000 }, (_, i) => fileDoc(i));
    expect(await ticksDuring(() => search.indexDocuments(docs))).toBeGreaterThan(10);
    const hits = await search.search({ query: "handler1234_7", types: ["file"] });
    expect(hits[0]).toMatchObject({ id: "app:src/file1234.ts", path: "src/file1234.ts" });
  });

  it("lets timers run between slices while a repository's documents are removed", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    await search.indexDocuments(Array.from({ length: 2000 }, (_, i) => fileDoc(i)));
    const graph = {
      files: Array.from({ length: 2000 }, (_, i) => ({
        repo: "app",
        path: `src/file${i}.ts`,
        language: "typescript" as const,
        lines: 60,
        hash: String(i),
      })),
      symbols: [],
      edges: [],
    };
    const indexer = new CodeSearchIndexer(search);
    expect(await ticksDuring(() => indexer.repositoryRemoved("app", graph))).toBeGreaterThan(0);
    expect(await search.search({ query: "parseHeaders request" })).toEqual([]);
  });

  it("tokenises a long text piece by piece into the terms one pass gives, in the same order", async () => {
    // Identifiers of every shape near the piece boundaries (PIECE_CHARS): dotted, camelCase, snake_case.
    const words = Array.from({ length: 9000 }, (_, i) =>
      i % 3 ? `api.v${i}.getUserById(user_name_${i})` : `Ärger${i}-résumé\tfoo/bar:${i}`,
    );
    const text = words.map((w, i) => (i % 7 ? `${w} ` : `${w}\n`)).join("");
    const fields: [string, number][] = [
      ["src app ts", 3],
      [text, 1],
    ];
    const index = new LexicalIndex();
    index.set("file:a", "file", fields);
    const sliced = await slicedTerms(fields, new TimeSlicer(0));
    expect(text.length).toBeGreaterThan(4 * PIECE_CHARS);
    expect([...sliced]).toEqual([...index.termsOf("file:a")]);
  });

  it("cuts a one-line file with no whitespace into pieces too, with the same terms", async () => {
    // The probe's `var a=b+b+…+b` and minified code: one line, no space to cut at.
    const text = `var a=${Array.from({ length: 60_000 }, (_, i) => `b${i % 97}.x-y/z:w`).join("+")}`;
    const fields: [string, number][] = [[text, 1]];
    const index = new LexicalIndex();
    index.set("file:b", "file", fields);
    let pauses = 0;
    const counting = new TimeSlicer(0);
    const pause = counting.pause.bind(counting);
    counting.pause = async () => {
      pauses++;
      await pause();
    };
    const sliced = await slicedTerms(fields, counting);
    expect(pauses).toBeGreaterThan(text.length / PIECE_CHARS - 1);
    expect([...sliced]).toEqual([...index.termsOf("file:b")]);
  });
});
