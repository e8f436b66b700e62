// Uploaded code texts in the embedded store, at the file level: kept in pack files beside the
// journal (not in it), back after a reopen and after a compaction, never readable when the
// journal refused the write that carried them, and gone from disk once no file holds them.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DiskTextPacks,
  MemoryTextPacks,
  type TextPacks,
} from "../../src/adapters/embedded-graph/code-texts.js";
import type { EmbeddedGraphOptions } from "../../src/adapters/embedded-graph/embedded-graph-store.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";
import { faultyJournalFs } from "../helpers/faulty-journal-fs.js";

let dataDir: string;
const graphDir = () => join(dataDir, "graph");
const textFiles = () => readdirSync(join(graphDir(), "texts")).sort();
const journalText = () =>
  readdirSync(graphDir())
    .filter((f) => f.startsWith("journal-") || f === "snapshot.json")
    .map((f) => readFileSync(join(graphDir(), f), "utf8"))
    .join("");

async function open(options: Omit<EmbeddedGraphOptions, "dataDir"> = {}): Promise<EmbeddedGraphStore> {
  const s = new EmbeddedGraphStore({ dataDir, ...options });
  await s.init();
  return s;
}

const upload = (path: string, text: string) => ({
  repo: "app",
  upsert: [makeCodeFile("app", path, [])],
  remove: [],
  texts: new Map([[path, text]]),
});

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-code-texts-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("uploaded code texts in the embedded store", () => {
  it("keeps texts in their own files, not in the journal, and reads them back after a reopen", async () => {
    const s = await open();
    const big = `export const table = [\n${"  'a row of the lookup table',\n".repeat(20_000)}];\n`;
    await s.writeCodeFiles(upload("src/table.ts", big));
    await s.writeCodeFiles(upload("src/small.ts", "export const smallQuokka = 1;\n"));
    expect(textFiles()).toHaveLength(2);
    expect(journalText()).not.toContain("smallQuokka");
    expect(journalText().length).toBeLessThan(big.length / 10);
    await s.close();

    const again = await open();
    expect(await again.getCodeTexts("app", ["src/table.ts", "src/small.ts"])).toEqual(
      new Map([
        ["src/table.ts", big],
        ["src/small.ts", "export const smallQuokka = 1;\n"],
      ]),
    );
    await again.close();
  });

  it("brings texts back from a snapshot and the journal after it", async () => {
    const s = await open({ compactBytes: 4096 });
    for (let k = 0; k < 40; k++) await s.writeCodeFiles(upload(`f${k}.ts`, `export const v${k} = ${k};\n`));
    await s.idle();
    expect(readdirSync(graphDir())).toContain("snapshot.json");
    await s.writeCodeFiles(upload("f1.ts", "export const rewritten = 1;\n"));
    await s.writeCodeFiles({ repo: "app", upsert: [], remove: ["f2.ts"] });
    const paths = Array.from({ length: 40 }, (_, k) => `f${k}.ts`);
    const before = await s.getCodeTexts("app", paths);
    expect(before.size).toBe(39);
    expect(before.get("f1.ts")).toBe("export const rewritten = 1;\n");
    await s.close();

    const again = await open({ compactBytes: 4096 });
    expect(await again.getCodeTexts("app", paths)).toEqual(before);
    expect(textFiles()).toHaveLength(39);
    await again.close();
  });

  it("never shows the text of a write the journal refused, and keeps no file of it", async () => {
    const fs = faultyJournalFs();
    const s = await open({ fs });
    await s.writeCodeFiles(upload("src/kept.ts", "kept\n"));
    fs.failDatasync("EIO");
    await expect(s.writeCodeFiles(upload("src/refused.ts", "refused\n"))).rejects.toThrow(/EIO/);
    expect(await s.getCodeTexts("app", ["src/kept.ts", "src/refused.ts"])).toEqual(
      new Map([["src/kept.ts", "kept\n"]]),
    );
    expect(await s.getCodeFile("app", "src/refused.ts")).toBeNull();
    expect(textFiles()).toHaveLength(1);
    await s.close();

    const again = await open();
    expect(await again.getCodeTexts("app", ["src/kept.ts", "src/refused.ts"])).toEqual(
      new Map([["src/kept.ts", "kept\n"]]),
    );
    expect(textFiles()).toHaveLength(1);
    await again.close();
  });

  it("removes a text's file once no file holds it, and leftovers of interrupted writes at start", async () => {
    const s = await open();
    await s.putRepository({ name: "app", path: null, status: "ready", indexed_at: null, error: null });
    await s.writeCodeFiles({
      repo: "app",
      upsert: [makeCodeFile("app", "a.ts", []), makeCodeFile("app", "b.ts", [])],
      remove: [],
      texts: new Map([
        ["a.ts", "same\n"],
        ["b.ts", "same\n"],
      ]),
    });
    await s.writeCodeFiles(upload("c.ts", "other\n"));
    expect(textFiles()).toHaveLength(2);
    await s.writeCodeFiles({ repo: "app", upsert: [], remove: ["a.ts"] });
    expect(textFiles()).toHaveLength(2);
    await s.writeCodeFiles({ repo: "app", upsert: [], remove: ["b.ts"] });
    expect(textFiles()).toHaveLength(1);
    await s.close();

    writeFileSync(join(graphDir(), "texts", "left-by-a-crash"), "half-written");
    const again = await open();
    expect(textFiles()).toHaveLength(1);
    expect(await again.deleteRepository("app")).toBe(true);
    expect(textFiles()).toEqual([]);
    await again.close();
  });

  it.each([
    ["on disk", () => new DiskTextPacks(join(dataDir, "packs"))],
    ["in memory", () => new MemoryTextPacks()],
  ])(
    "reads many texts %s in the order asked, across packs, null where a pack is gone",
    async (_, make: () => TextPacks) => {
      const packs = make();
      await packs.open();
      const [a, euro] = await packs.write(["alpha\n", "price: 3 €\n"]);
      const [b] = await packs.write(["beta\n"]);
      const [gone] = await packs.write(["removed\n"]);
      await packs.remove([gone!.pack]);
      expect(await packs.readMany([b!, a!, gone!, euro!, a!])).toEqual([
        "beta\n",
        "alpha\n",
        null,
        "price: 3 €\n",
        "alpha\n",
      ]);
      expect(await packs.readMany([])).toEqual([]);
    },
  );

  it.each([
    ["on disk", () => new DiskTextPacks(join(dataDir, "packs"))],
    ["in memory", () => new MemoryTextPacks()],
  ])(
    "reads back every text of a pack of several MiB (written in pieces) %s",
    async (_, make: () => TextPacks) => {
      const packs = make();
      await packs.open();
      // ~4 MiB in texts of many sizes, multi-byte characters across the ~1 MiB piece boundaries.
      const texts = Array.from(
        { length: 300 },
        (_, i) => `${i}: ${"é€😀x".repeat(1 + ((i * 977) % 4000))}\n`,
      );
      const refs = await packs.write(texts);
      expect(await packs.readMany(refs)).toEqual(texts);
      const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
      expect(bytes).toBeGreaterThan(3 * 2 ** 20);
      expect(refs.at(-1)!.at + refs.at(-1)!.bytes).toBe(bytes);
    },
  );
});
