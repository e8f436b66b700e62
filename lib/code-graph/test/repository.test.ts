// Indexes this repository itself (every file git knows, tracked or not ignored) and checks facts
// that hold in its real code, reading the expected lines from the files rather than hard-coding them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { CodeIndexer } from "../index.js";
import { FixtureGraph } from "./helpers/fixture-graph.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

function repositoryFiles() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split("\0")
    .filter(Boolean)
    .flatMap((path) => {
      try {
        return [{ path, content: readFileSync(join(ROOT, path), "utf8") }];
      } catch {
        return []; // listed by git but deleted in the working tree
      }
    });
}

/** 1-based line of the first line of `path` that starts with `prefix`. */
function lineStarting(path: string, prefix: string): number {
  const index = readFileSync(join(ROOT, path), "utf8")
    .split("\n")
    .findIndex((line) => line.startsWith(prefix));
  if (index < 0) throw new Error(`${path} has no line starting with ${prefix}`);
  return index + 1;
}

describe("code graph of this repository", () => {
  let g: FixtureGraph;
  beforeAll(async () => {
    const indexer = new CodeIndexer({ repo: "gantry" });
    await indexer.update(repositoryFiles());
    g = new FixtureGraph(indexer);
  });

  it("finds lib/search's LexicalIndex class where the file declares it, with its methods inside its range", () => {
    const cls = g.symbol("lib/search/bm25.ts", "LexicalIndex");
    expect(cls).toMatchObject({
      kind: "class",
      exported: true,
      line: lineStarting("lib/search/bm25.ts", "export class LexicalIndex"),
    });
    const lines = readFileSync(join(ROOT, "lib/search/bm25.ts"), "utf8").split("\n");
    expect(lines[cls.end_line - 1]).toBe("}");
    const search = g.symbol("lib/search/bm25.ts", "LexicalIndex.search");
    expect(search.line).toBeGreaterThan(cls.line);
    expect(search.end_line).toBeLessThan(cls.end_line);
    expect(search.signature).toMatch(/^search\(query: /);
  });

  it("resolves this library's NodeNext imports (`./x.js` for `x.ts`) and re-exports", () => {
    expect(g.importsOf("lib/code-graph/index.ts")).toEqual(
      expect.arrayContaining([
        "lib/code-graph/indexer.ts",
        "lib/code-graph/languages.ts",
        "lib/code-graph/parser.ts",
      ]),
    );
    const update = g.referencesFrom("lib/code-graph/indexer.ts", "CodeIndexer.update");
    expect(update["lib/code-graph/hash.ts#contentHash"]).toBe(1);
    expect(update["lib/code-graph/languages.ts#languageOf"]).toBe(1);
    expect(g.referencesFrom("lib/code-graph/parser.ts", "parse")["lib/code-graph/parser.ts#parserFor"]).toBe(
      0.9,
    );
  });

  it("links lib/search's soft-match test to soft-match.ts", () => {
    expect(g.testedBy("lib/search/test/soft-match.test.ts")).toContain("lib/search/soft-match.ts");
  });

  it("links the parser test to the parser it exercises through the library's index", () => {
    expect(g.testedBy("lib/code-graph/test/parser.test.ts")).toEqual(
      expect.arrayContaining([
        "lib/code-graph/index.ts",
        "lib/code-graph/parser.ts",
        "lib/code-graph/languages.ts",
      ]),
    );
  });

  it("shows that lib/ imports nothing from controller/ or services/ (the project's layering rule)", () => {
    const upward = g
      .edges("IMPORTS")
      .filter((e) => e.from.startsWith("gantry:lib/") && /^gantry:(controller|services)\//.test(e.to));
    expect(upward).toEqual([]);
    // The rule is checkable because imports across those folders do resolve.
    expect(
      g.edges("IMPORTS").some((e) => e.from.startsWith("gantry:services/") && e.to.startsWith("gantry:lib/")),
    ).toBe(true);
  });

  it("records source files by language and other files as text", () => {
    expect(g.file("controller/src/index.ts")?.language).toBe("typescript");
    expect(g.file("package.json")?.language).toBe("text");
    expect(g.graph.files.filter((f) => f.language !== "text").length).toBeGreaterThan(300);
    expect(g.graph.symbols.length).toBeGreaterThan(2000);
  });
});
