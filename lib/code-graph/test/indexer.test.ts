import { describe, expect, it } from "vitest";
import { CodeIndexer, edgeKey, isEmptyDelta } from "../index.js";

const USER = `export class User {\n  constructor(readonly name: string) {}\n}\n`;
const SERVICE = `import { User } from "./user.js";\n\nexport function make(name: string): User {\n  return new User(name);\n}\n`;

async function seeded() {
  const indexer = new CodeIndexer({ repo: "shop" });
  await indexer.update([
    { path: "src/user.ts", content: USER },
    { path: "src/service.ts", content: SERVICE },
  ]);
  return indexer;
}

describe("CodeIndexer (incremental by content hash)", () => {
  it("indexes a first batch and reports everything as new", async () => {
    const indexer = new CodeIndexer({ repo: "shop" });
    const delta = await indexer.update([{ path: "src/user.ts", content: USER }]);
    expect(delta.files.upserted.map((f) => f.path)).toEqual(["src/user.ts"]);
    expect(delta.symbols.upserted.map((s) => s.id)).toEqual([
      "shop:src/user.ts#User",
      "shop:src/user.ts#User.constructor",
    ]);
    expect(indexer.lastUpdate()).toMatchObject({ parsed: 1, unchanged: 0 });
  });

  it("parses nothing and reports an empty delta when every hash is unchanged", async () => {
    const indexer = await seeded();
    const delta = await indexer.update([
      { path: "src/user.ts", content: USER },
      { path: "src/service.ts", content: SERVICE },
    ]);
    expect(isEmptyDelta(delta)).toBe(true);
    expect(indexer.lastUpdate()).toMatchObject({ parsed: 0, unchanged: 2 });
  });

  it("re-parses only the changed file and reports the symbol it gained", async () => {
    const indexer = await seeded();
    const changed = `${USER.slice(0, -2)}\n  greet(): string {\n    return this.name;\n  }\n}\n`;
    const delta = await indexer.update([
      { path: "src/user.ts", content: changed },
      { path: "src/service.ts", content: SERVICE },
    ]);
    expect(indexer.lastUpdate()).toMatchObject({ parsed: 1, unchanged: 1 });
    expect(delta.files.upserted.map((f) => f.path)).toEqual(["src/user.ts"]);
    expect(delta.symbols.upserted.map((s) => s.id)).toContain("shop:src/user.ts#User.greet");
    expect(delta.edges.upserted).toContainEqual({
      type: "CONTAINS",
      from: "shop:src/user.ts#User",
      to: "shop:src/user.ts#User.greet",
    });
    expect(delta.symbols.removed).toEqual([]);
  });

  it("removes a deleted file with its symbols and the edges that pointed to it", async () => {
    const indexer = await seeded();
    const delta = await indexer.update([{ path: "src/user.ts", deleted: true }]);
    expect(delta.files.removed).toEqual(["src/user.ts"]);
    expect(delta.symbols.removed).toEqual(["shop:src/user.ts#User", "shop:src/user.ts#User.constructor"]);
    expect(delta.edges.removed.map(edgeKey)).toContain("IMPORTS shop:src/service.ts shop:src/user.ts");
    expect(delta.edges.removed.map(edgeKey)).toContain(
      "REFERENCES shop:src/service.ts#make shop:src/user.ts#User",
    );
    expect(indexer.graph().files.map((f) => f.path)).toEqual(["src/service.ts"]);
  });

  it("resolves an import of an unchanged file once the file it names appears", async () => {
    const indexer = new CodeIndexer({ repo: "shop" });
    await indexer.update([{ path: "src/service.ts", content: SERVICE }]);
    expect(indexer.graph().edges.filter((e) => e.type === "IMPORTS")).toEqual([]);
    const delta = await indexer.update([{ path: "src/user.ts", content: USER }]);
    expect(delta.edges.upserted).toContainEqual({
      type: "IMPORTS",
      from: "shop:src/service.ts",
      to: "shop:src/user.ts",
    });
    expect(indexer.lastUpdate().parsed).toBe(1);
  });

  it("does not parse a renamed file again: its facts are found by content hash", async () => {
    const indexer = await seeded();
    const delta = await indexer.update([
      { path: "src/user.ts", deleted: true },
      { path: "src/model/user.ts", content: USER },
    ]);
    expect(indexer.lastUpdate()).toMatchObject({ parsed: 0, reused: 1, removed: 1 });
    expect(delta.symbols.upserted.map((s) => s.id)).toEqual([
      "shop:src/model/user.ts#User",
      "shop:src/model/user.ts#User.constructor",
    ]);
    expect(delta.symbols.removed).toEqual(["shop:src/user.ts#User", "shop:src/user.ts#User.constructor"]);
  });

  it("updates a reference's confidence when a second definition makes an unimported name ambiguous", async () => {
    const indexer = new CodeIndexer({ repo: "shop" });
    const caller = "export function run(): string {\n  return slug('A b');\n}\n";
    const slug = "export function slug(s: string): string {\n  return s;\n}\n";
    await indexer.update([
      { path: "a.ts", content: caller },
      { path: "b.ts", content: slug },
    ]);
    const before = indexer.graph().edges.find((e) => e.type === "REFERENCES");
    expect(before).toEqual({
      type: "REFERENCES",
      from: "shop:a.ts#run",
      to: "shop:b.ts#slug",
      confidence: 0.6,
    });
    const delta = await indexer.update([{ path: "c.ts", content: slug }]);
    expect(delta.edges.upserted).toEqual(
      expect.arrayContaining([
        { type: "REFERENCES", from: "shop:a.ts#run", to: "shop:b.ts#slug", confidence: 0.3 },
        { type: "REFERENCES", from: "shop:a.ts#run", to: "shop:c.ts#slug", confidence: 0.3 },
      ]),
    );
    expect(delta.edges.removed).toEqual([]);
  });

  it("refuses a path outside the repository, naming the entry, and changes nothing", async () => {
    const indexer = await seeded();
    const before = indexer.graph();
    await expect(
      indexer.update([
        { path: "src/new.ts", content: "export const x = 1;\n" },
        { path: "../etc/passwd", content: "x" },
      ]),
    ).rejects.toThrow(/files\[1\]\.path: must not hold a '\.\.' segment, got "\.\.\/etc\/passwd"/);
    expect(indexer.graph()).toBe(before);
    expect(indexer.graph().files.map((f) => f.path)).not.toContain("src/new.ts");
  });

  it("skips binary content and keeps other text files as File nodes without symbols", async () => {
    const indexer = new CodeIndexer({ repo: "shop" });
    await indexer.update([
      { path: "logo.png", content: "\u0089PNG\r\n\u001a\n\u0000\u0000" },
      { path: "README.md", content: "# Shop\n\nSells things.\n" },
    ]);
    expect(indexer.lastUpdate().skipped).toEqual(["logo.png"]);
    expect(indexer.graph().files).toEqual([
      expect.objectContaining({ path: "README.md", language: "text", lines: 3 }),
    ]);
  });

  it("keeps an oversized source file as a File node without parsing it", async () => {
    const indexer = new CodeIndexer({ repo: "shop", maxParseChars: 100 });
    const bundle = `export function big() {}\n${"// filler line\n".repeat(20)}`;
    await indexer.update([
      { path: "dist/bundle.js", content: bundle },
      { path: "src/user.ts", content: USER },
    ]);
    expect(indexer.lastUpdate().tooLarge).toEqual(["dist/bundle.js"]);
    expect(indexer.graph().files.map((f) => [f.path, f.language, f.lines])).toEqual([
      ["dist/bundle.js", "javascript", 21],
      ["src/user.ts", "typescript", 3],
    ]);
    expect(indexer.graph().symbols.map((s) => s.path)).not.toContain("dist/bundle.js");
  });

  it("refuses a repository name that would break symbol ids", () => {
    expect(() => new CodeIndexer({ repo: "a:b" })).toThrow(/repo: expected a name without ':'/);
  });
});
