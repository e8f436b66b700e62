// The code-graph half of the GraphStore port (ports/code-graph-store.ts), as every adapter must
// show it. Called by describeGraphStoreConformance, so it runs wherever that suite runs.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  CodeEdge,
  CodeFileSubgraph,
  CodeSymbol,
  RepositoryRecord,
} from "../../src/ports/code-graph-store.js";
import type { GraphStore } from "../../src/ports/graph-store.js";

function makeSymbol(
  repo: string,
  path: string,
  name: string,
  overrides: Partial<CodeSymbol> = {},
): CodeSymbol {
  return {
    id: `${repo}:${path}#${name}`,
    repo,
    path,
    name,
    kind: "function",
    line: 1,
    end_line: 3,
    signature: `function ${name}()`,
    exported: true,
    ...overrides,
  };
}

/** A file with one symbol per name, each CONTAINed by the file, plus the extra edges given. */
export function makeCodeFile(
  repo: string,
  path: string,
  names: string[],
  edges: CodeEdge[] = [],
  hash = `hash-of-${path}`,
): CodeFileSubgraph {
  const symbols = names.map((name, k) =>
    makeSymbol(repo, path, name, { line: 1 + 10 * k, end_line: 5 + 10 * k }),
  );
  const id = `${repo}:${path}`;
  return {
    file: { repo, path, language: "typescript", lines: 10 * names.length + 1, hash },
    symbols,
    edges: [...symbols.map((s): CodeEdge => ({ type: "CONTAINS", from: id, to: s.id })), ...edges],
  };
}

const repository = (name: string, overrides: Partial<RepositoryRecord> = {}): RepositoryRecord => ({
  name,
  path: `/src/${name}`,
  status: "ready",
  indexed_at: "2026-01-01T00:00:00.000",
  error: null,
  ...overrides,
});

const sortEdges = (edges: CodeEdge[]) =>
  [...edges].sort((a, b) => `${a.type} ${a.from} ${a.to}`.localeCompare(`${b.type} ${b.from} ${b.to}`));

export function describeCodeGraphStoreConformance(name: string, factory: () => Promise<GraphStore>): void {
  describe(`GraphStore conformance, code graph: ${name}`, () => {
    let store: GraphStore;

    beforeEach(async () => {
      store = await factory();
      await store.init();
    });
    afterEach(async () => {
      await store.close();
    });

    // a.ts imports b.ts; a.ts#run references b.ts#helper; a.test.ts TESTS a.ts.
    const b = makeCodeFile("app", "src/b.ts", ["helper"]);
    const a = makeCodeFile(
      "app",
      "src/a.ts",
      ["run"],
      [
        { type: "IMPORTS", from: "app:src/a.ts", to: "app:src/b.ts" },
        { type: "REFERENCES", from: "app:src/a.ts#run", to: "app:src/b.ts#helper", confidence: 1 },
      ],
    );
    const test = makeCodeFile(
      "app",
      "src/a.test.ts",
      [],
      [{ type: "TESTS", from: "app:src/a.test.ts", to: "app:src/a.ts" }],
    );

    it("reads a written file back with its symbols and the edges it owns", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      const read = await store.getCodeFile("app", "src/a.ts");
      expect(read?.file).toEqual(a.file);
      expect(read?.symbols).toEqual(a.symbols);
      expect(sortEdges(read?.edges ?? [])).toEqual(sortEdges(a.edges));
      expect(await store.getCodeFile("app", "src/missing.ts")).toBeNull();
      expect(await store.getCodeFile("other", "src/a.ts")).toBeNull();
    });

    it("keeps a symbol's parent and a reference's confidence", async () => {
      const member = makeSymbol("app", "src/c.ts", "C.m", {
        kind: "method",
        parent: "app:src/c.ts#C",
        exported: false,
      });
      const file = makeCodeFile(
        "app",
        "src/c.ts",
        ["C"],
        [
          { type: "CONTAINS", from: "app:src/c.ts#C", to: member.id },
          { type: "REFERENCES", from: member.id, to: "app:src/c.ts#C", confidence: 0.6 },
        ],
      );
      file.symbols.push(member);
      await store.writeCodeFiles({ repo: "app", upsert: [file], remove: [] });
      const read = await store.getCodeFile("app", "src/c.ts");
      expect(read?.symbols.find((s) => s.id === member.id)).toEqual(member);
      expect(read?.edges).toContainEqual({
        type: "REFERENCES",
        from: member.id,
        to: "app:src/c.ts#C",
        confidence: 0.6,
      });
    });

    it("replaces a file's whole subgraph when it is written again", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      const rewritten = makeCodeFile("app", "src/a.ts", ["start"], [], "hash-2");
      await store.writeCodeFiles({ repo: "app", upsert: [rewritten], remove: [] });
      const read = await store.getCodeFile("app", "src/a.ts");
      expect(read?.file.hash).toBe("hash-2");
      expect(read?.symbols.map((s) => s.name)).toEqual(["start"]);
      expect(read?.edges).toEqual([{ type: "CONTAINS", from: "app:src/a.ts", to: "app:src/a.ts#start" }]);
      expect(await store.getSymbols(["app:src/a.ts#run", "app:src/a.ts#start"])).toEqual(rewritten.symbols);
      expect(await store.codeCounts()).toEqual({ repositories: 0, files: 2, symbols: 2 });
    });

    it("hides an edge to a file not written yet, and shows it once that file is written", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a], remove: [] });
      expect((await store.getCodeFile("app", "src/a.ts"))?.edges).toEqual([
        { type: "CONTAINS", from: "app:src/a.ts", to: "app:src/a.ts#run" },
      ]);
      await store.writeCodeFiles({ repo: "app", upsert: [b], remove: [] });
      expect(sortEdges((await store.getCodeFile("app", "src/a.ts"))?.edges ?? [])).toEqual(
        sortEdges(a.edges),
      );
    });

    it("removes a file with its symbols; edges of other files pointing at it come back when it is written again", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      await store.writeCodeFiles({ repo: "app", upsert: [], remove: ["src/b.ts", "src/never-written.ts"] });
      expect(await store.getCodeFile("app", "src/b.ts")).toBeNull();
      expect(await store.getSymbols(["app:src/b.ts#helper"])).toEqual([]);
      expect(await store.codeNeighbours(["app:src/b.ts", "app:src/b.ts#helper"])).toEqual([]);
      expect((await store.getCodeFile("app", "src/a.ts"))?.edges).toHaveLength(1);
      await store.writeCodeFiles({ repo: "app", upsert: [b], remove: [] });
      expect((await store.getCodeFile("app", "src/a.ts"))?.edges).toHaveLength(3);
    });

    it("refuses a change whole when a subgraph is inconsistent, writing none of it", async () => {
      const foreignSymbol = makeCodeFile("app", "src/x.ts", []);
      foreignSymbol.symbols.push(makeSymbol("app", "src/y.ts", "y"));
      const foreignEdge = makeCodeFile(
        "app",
        "src/x.ts",
        [],
        [{ type: "IMPORTS", from: "app:src/b.ts", to: "app:src/x.ts" }],
      );
      const otherRepo = makeCodeFile("lib", "src/x.ts", []);
      for (const bad of [foreignSymbol, foreignEdge, otherRepo]) {
        await expect(store.writeCodeFiles({ repo: "app", upsert: [b, bad], remove: [] })).rejects.toThrow();
      }
      // A large change is checked a file at a time (between turns of the event loop): refused whole too.
      const many = Array.from({ length: 80 }, (_, i) => makeCodeFile("app", `src/many${i}.ts`, []));
      await expect(
        store.writeCodeFiles({ repo: "app", upsert: [...many, foreignEdge], remove: [] }),
      ).rejects.toThrow(/does not start in/);
      await expect(store.writeCodeFiles({ repo: "app", upsert: [b], remove: ["src/b.ts"] })).rejects.toThrow(
        /both written and removed/,
      );
      expect(await store.listCodeFiles("app")).toEqual([]);
      expect(await store.codeCounts()).toEqual({ repositories: 0, files: 0, symbols: 0 });
    });

    it("applies several files and a removal of one change together", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [b], remove: [] });
      await store.writeCodeFiles({ repo: "app", upsert: [a, test], remove: ["src/b.ts"] });
      expect((await store.listCodeFiles("app")).map((f) => f.path)).toEqual(["src/a.test.ts", "src/a.ts"]);
    });

    it("lists a repository's files by path with their hashes", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [test, b, a], remove: [] });
      await store.writeCodeFiles({
        repo: "lib",
        upsert: [makeCodeFile("lib", "index.ts", ["x"])],
        remove: [],
      });
      expect(await store.listCodeFiles("app")).toEqual([test.file, a.file, b.file]);
      expect(await store.listCodeFiles("nothing")).toEqual([]);
    });

    it("returns symbols in the order asked, leaving out missing ones", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      expect(
        (await store.getSymbols(["app:src/b.ts#helper", "nope", "app:src/a.ts#run"])).map((s) => s.id),
      ).toEqual(["app:src/b.ts#helper", "app:src/a.ts#run"]);
      expect(await store.getSymbols([])).toEqual([]);
    });

    it("gives a node's neighbours in both directions, optionally of some edge types only", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, b, test], remove: [] });
      expect(sortEdges(await store.codeNeighbours(["app:src/a.ts"]))).toEqual(
        sortEdges([a.edges[0]!, a.edges[1]!, test.edges[0]!]),
      );
      expect(await store.codeNeighbours(["app:src/a.ts"], ["TESTS"])).toEqual([test.edges[0]]);
      expect(sortEdges(await store.codeNeighbours(["app:src/b.ts#helper", "app:src/a.ts#run"]))).toEqual(
        sortEdges([a.edges[0]!, a.edges[2]!, b.edges[0]!]),
      );
      expect(await store.codeNeighbours([])).toEqual([]);
    });

    it("lists every edge starting in a repository whose two ends exist", async () => {
      await store.writeCodeFiles({ repo: "app", upsert: [a, test], remove: [] });
      expect(sortEdges(await store.codeEdges("app"))).toEqual(sortEdges([a.edges[0]!, test.edges[0]!]));
      await store.writeCodeFiles({ repo: "app", upsert: [b], remove: [] });
      expect(sortEdges(await store.codeEdges("app"))).toEqual(
        sortEdges([...a.edges, ...b.edges, ...test.edges]),
      );
    });

    it("keeps repositories with counts of their files and symbols, listed by name", async () => {
      await store.putRepository(repository("web"));
      await store.putRepository(repository("app", { status: "indexing", indexed_at: null, path: null }));
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      expect(await store.getRepository("app")).toEqual({
        ...repository("app", { status: "indexing", indexed_at: null, path: null }),
        files: 2,
        symbols: 2,
      });
      await store.putRepository(repository("app", { status: "error", error: "unreadable" }));
      expect((await store.listRepositories()).map((r) => [r.name, r.status, r.files])).toEqual([
        ["app", "error", 2],
        ["web", "ready", 0],
      ]);
      expect(await store.getRepository("nope")).toBeNull();
      expect(await store.codeCounts()).toEqual({ repositories: 2, files: 2, symbols: 2 });
    });

    it("deletes a repository with every file, symbol and edge of it, and no other", async () => {
      await store.putRepository(repository("app"));
      await store.putRepository(repository("lib"));
      const lib = makeCodeFile("lib", "index.ts", ["x"]);
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [] });
      await store.writeCodeFiles({ repo: "lib", upsert: [lib], remove: [] });
      expect(await store.deleteRepository("app")).toBe(true);
      expect(await store.getRepository("app")).toBeNull();
      expect(await store.listCodeFiles("app")).toEqual([]);
      expect(await store.getSymbols(["app:src/a.ts#run"])).toEqual([]);
      expect(await store.codeEdges("app")).toEqual([]);
      expect(await store.getCodeFile("lib", "index.ts")).toEqual(lib);
      expect(await store.codeCounts()).toEqual({ repositories: 1, files: 1, symbols: 1 });
      expect(await store.deleteRepository("app")).toBe(false);
    });

    it("reads back the text kept with an uploaded file, and no text for a file written without one", async () => {
      const texts = new Map([["src/a.ts", "export function run() {}\n"]]);
      await store.writeCodeFiles({ repo: "app", upsert: [a, b], remove: [], texts });
      expect(await store.getCodeTexts("app", ["src/a.ts", "src/b.ts", "src/missing.ts"])).toEqual(texts);
      expect(await store.getCodeTexts("other", ["src/a.ts"])).toEqual(new Map());
      expect(await store.getCodeTexts("app", [])).toEqual(new Map());
    });

    it("replaces a file's text when it is written again, and drops it when written without one", async () => {
      await store.writeCodeFiles({
        repo: "app",
        upsert: [a],
        remove: [],
        texts: new Map([["src/a.ts", "v1"]]),
      });
      const v2 = makeCodeFile("app", "src/a.ts", ["run"], [], "hash-2");
      await store.writeCodeFiles({
        repo: "app",
        upsert: [v2],
        remove: [],
        texts: new Map([["src/a.ts", "v2"]]),
      });
      expect(await store.getCodeTexts("app", ["src/a.ts"])).toEqual(new Map([["src/a.ts", "v2"]]));
      await store.writeCodeFiles({ repo: "app", upsert: [a], remove: [] });
      expect(await store.getCodeTexts("app", ["src/a.ts"])).toEqual(new Map());
    });

    it("forgets the texts of removed files and of a deleted repository, keeping a text other files share", async () => {
      const same = "export const shared = 1;\n";
      const lib = makeCodeFile("lib", "index.ts", ["x"]);
      await store.putRepository(repository("app", { path: null }));
      await store.writeCodeFiles({
        repo: "app",
        upsert: [a, b, test],
        remove: [],
        texts: new Map([
          ["src/a.ts", same],
          ["src/b.ts", same],
          ["src/a.test.ts", "test"],
        ]),
      });
      await store.writeCodeFiles({
        repo: "lib",
        upsert: [lib],
        remove: [],
        texts: new Map([["index.ts", same]]),
      });
      await store.writeCodeFiles({ repo: "app", upsert: [], remove: ["src/a.ts"] });
      const paths = ["src/a.ts", "src/b.ts", "src/a.test.ts"];
      expect(await store.getCodeTexts("app", paths)).toEqual(
        new Map([
          ["src/b.ts", same],
          ["src/a.test.ts", "test"],
        ]),
      );
      await store.deleteRepository("app");
      expect(await store.getCodeTexts("app", paths)).toEqual(new Map());
      expect(await store.getCodeTexts("lib", ["index.ts"])).toEqual(new Map([["index.ts", same]]));
      // Written again, the same content is kept again.
      await store.writeCodeFiles({
        repo: "app",
        upsert: [b],
        remove: [],
        texts: new Map([["src/b.ts", same]]),
      });
      expect(await store.getCodeTexts("app", ["src/b.ts"])).toEqual(new Map([["src/b.ts", same]]));
    });

    it("refuses a text for a file the change does not write, writing nothing", async () => {
      await expect(
        store.writeCodeFiles({ repo: "app", upsert: [b], remove: [], texts: new Map([["src/a.ts", "x"]]) }),
      ).rejects.toThrow(/not written/);
      expect(await store.listCodeFiles("app")).toEqual([]);
      expect(await store.getCodeTexts("app", ["src/a.ts", "src/b.ts"])).toEqual(new Map());
    });

    it("is not changed by the caller changing a subgraph after writing it", async () => {
      const file = makeCodeFile("app", "src/m.ts", ["f"]);
      await store.writeCodeFiles({ repo: "app", upsert: [file], remove: [] });
      file.symbols[0]!.name = "changed";
      file.edges.length = 0;
      const read = await store.getCodeFile("app", "src/m.ts");
      expect(read?.symbols[0]?.name).toBe("f");
      expect(read?.edges).toHaveLength(1);
    });
  });
}
