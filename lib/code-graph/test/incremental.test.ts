// An edit re-resolves only the files it can affect (graph/affected.ts); these tests hold the
// incremental graph and delta to what a full build from scratch gives, on real sources (this
// library's own TypeScript and the Python, Go, Java and Kotlin fixtures) under edits that move
// declarations, re-exports and package members.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type CodeGraph,
  CodeIndexer,
  diffGraphs,
  edgeKey,
  type FileChange,
  type GraphDelta,
} from "../index.js";

const LIB = fileURLToPath(new URL("../..", import.meta.url));

function sources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "node_modules" && e.name !== "data") walk(full);
      } else if (/\.(ts|py|go|java|kt)$/.test(e.name))
        out.set(relative(LIB, full), readFileSync(full, "utf8"));
    }
  };
  walk(join(LIB, "code-graph"));
  walk(join(LIB, "search"));
  walk(join(LIB, "embedding"));
  return out;
}

const sorted = (graph: CodeGraph) => ({
  files: graph.files.map((f) => JSON.stringify(f)).sort(),
  symbols: graph.symbols.map((s) => JSON.stringify(s)).sort(),
  edges: graph.edges.map((e) => JSON.stringify(e)).sort(),
});

const sortedDelta = (d: GraphDelta) => ({
  files: [d.files.upserted.map((f) => f.path).sort(), [...d.files.removed].sort()],
  symbols: [d.symbols.upserted.map((s) => JSON.stringify(s)).sort(), [...d.symbols.removed].sort()],
  edges: [d.edges.upserted.map((e) => JSON.stringify(e)).sort(), d.edges.removed.map(edgeKey).sort()],
});

/**
 * The graph a full build from scratch gives for these files. Full builds are most of this file's
 * time, and the same file sets come back (the state before an edit is the one after the last
 * edit; a file put back restores an earlier set), so the last few are kept by content.
 */
const fullBuilds = new Map<string, CodeGraph>();
async function fullBuild(files: Map<string, string>): Promise<CodeGraph> {
  const hash = createHash("sha256");
  for (const [path, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${path}\0${content}\0`);
  const key = hash.digest("hex");
  const known = fullBuilds.get(key);
  if (known) return known;
  const full = new CodeIndexer({ repo: "lib" });
  await full.update([...files].map(([path, content]) => ({ path, content })));
  const graph = full.graph();
  fullBuilds.set(key, graph);
  if (fullBuilds.size > 4) fullBuilds.delete(fullBuilds.keys().next().value as string);
  return graph;
}

/** Applies the edit incrementally and from scratch; the graphs and the deltas must be the same. */
async function expectSameAsFullBuild(indexer: CodeIndexer, files: Map<string, string>, edit: FileChange[]) {
  const before = await fullBuild(files);
  const delta = await indexer.update(edit);
  for (const change of edit) {
    if ("deleted" in change) files.delete(change.path);
    else files.set(change.path, change.content);
  }
  const after = await fullBuild(files);
  expect(sorted(indexer.graph())).toEqual(sorted(after));
  expect(sortedDelta(delta)).toEqual(sortedDelta(await diffGraphs("lib", before, after)));
  return delta;
}

function fileDeclaring(files: Map<string, string>, pattern: RegExp): [string, string, RegExpExecArray] {
  for (const [path, text] of files) {
    const m = pattern.exec(text);
    if (m) return [path, text, m];
  }
  throw new Error(`no file matches ${pattern}`);
}

describe("incremental graph builds", () => {
  it("give the graph and delta of a full build under edits of declarations, imports and packages", async () => {
    const files = sources();
    expect(files.size).toBeGreaterThan(80);
    const indexer = new CodeIndexer({ repo: "lib" });
    await indexer.update([...files].map(([path, content]) => ({ path, content })));

    // A body-only edit: only the file itself is resolved again.
    const [bodyPath, bodyText] = fileDeclaring(files, /export function \w+\(/);
    const body = await expectSameAsFullBuild(indexer, files, [
      { path: bodyPath, content: bodyText.replace(/\n}\n/, "\n  void 0;\n}\n") },
    ]);
    expect(body.files.upserted.map((f) => f.path)).toEqual([bodyPath]);

    // A new function with a name used all over the library (captures references by name).
    const [addPath, addText] = fileDeclaring(files, /^import /m);
    await expectSameAsFullBuild(indexer, files, [
      {
        path: addPath,
        content: `${addText}\nexport function tokenize(text: string): string[] {\n  return [text];\n}\n`,
      },
    ]);

    // A renamed export other files import.
    const [renPath, renText, m] = fileDeclaring(files, /export function (countLines)\(/);
    await expectSameAsFullBuild(indexer, files, [
      { path: renPath, content: renText.replace(`function ${m[1]}(`, `function ${m[1]}Renamed(`) },
    ]);

    // A barrel loses a re-export: importers through it resolve differently.
    const barrel = "code-graph/index.ts";
    const barrelText = files.get(barrel)!;
    const reexport = /^export \{[^}]*\} from "[^"]+";\n/m.exec(barrelText)!;
    await expectSameAsFullBuild(indexer, files, [
      { path: barrel, content: barrelText.replace(reexport[0], "") },
    ]);

    // Package-scoped languages: a Go type's methods and a Java class used across its package.
    for (const lang of [/\.go$/, /\.java$/, /\.kt$/, /\.py$/]) {
      const [path, text] = [...files].find(([p]) => lang.test(p))!;
      await expectSameAsFullBuild(indexer, files, [
        { path, content: text.replace(/\b([A-Z]\w{2,})\b/, "$1Moved") },
      ]);
    }

    // A new file and a deleted one (paths change: their dependents' scopes are resolved again).
    await expectSameAsFullBuild(indexer, files, [
      {
        path: "code-graph/extra.ts",
        content: `import { countLinesRenamed } from "./extract/index.js";\nexport const n = countLinesRenamed("a");\n`,
      },
      { path: bodyPath, deleted: true },
    ]);
  });

  it("give the graph and delta of a full build when single files come and go, in every language", async () => {
    const files = sources();
    const indexer = new CodeIndexer({ repo: "lib" });
    await indexer.update([...files].map(([path, content]) => ({ path, content })));
    // Every Python package marker, index and Go/Java/Kotlin file, and a spread of the others:
    // each deleted on its own, then put back (two structural updates per file).
    const all = [...files.keys()].sort();
    const picked = all.filter((p, i) => /(__init__\.py|index\.ts|\.go|\.java|\.kt)$/.test(p) || i % 20 === 0);
    expect(picked.length).toBeGreaterThan(15);
    for (const path of picked) {
      const content = files.get(path)!;
      const gone = await expectSameAsFullBuild(indexer, files, [{ path, deleted: true }]);
      expect(gone.files.removed).toEqual([path]);
      await expectSameAsFullBuild(indexer, files, [{ path, content }]);
    }
    // A file no import names yet, then one that an import names but that did not exist.
    await expectSameAsFullBuild(indexer, files, [
      { path: "code-graph/new-helper.ts", content: "export function newHelperFn() { return 1; }\n" },
    ]);
    await expectSameAsFullBuild(indexer, files, [
      {
        path: "code-graph/uses-missing.ts",
        content: 'import { later } from "./later.js";\nexport const v = later();\n',
      },
    ]);
    await expectSameAsFullBuild(indexer, files, [
      { path: "code-graph/later.ts", content: "export function later() { return 2; }\n" },
    ]);
  });

  it("resolves again only the dependents of a file that comes or goes, not the repository", async () => {
    const files = sources();
    const indexer = new CodeIndexer({ repo: "lib" });
    await indexer.update([...files].map(([path, content]) => ({ path, content })));
    const delta = await indexer.update([
      { path: "code-graph/isolated-new.ts", content: "export function isolatedZebraFn() { return 1; }\n" },
    ]);
    // Only the new file is resolved (no import names it), and only its own subgraph changes.
    expect(indexer.lastUpdate().resolved).toBe(1);
    expect(delta.files.upserted.map((f) => f.path)).toEqual(["code-graph/isolated-new.ts"]);
    expect(new Set(delta.symbols.upserted.map((s) => s.path))).toEqual(
      new Set(["code-graph/isolated-new.ts"]),
    );
    expect(delta.edges.removed).toEqual([]);
  });

  it("keeps the symbol objects and CONTAINS edges of the files an edit did not change", async () => {
    const files = sources();
    const indexer = new CodeIndexer({ repo: "lib" });
    await indexer.update([...files].map(([path, content]) => ({ path, content })));
    const before = new Map(indexer.graph().symbols.map((s) => [s.id, s]));
    const containsBefore = new Set(indexer.graph().edges.filter((e) => e.type === "CONTAINS"));
    const edited = "code-graph/yielder.ts";
    await indexer.update([{ path: edited, content: `${files.get(edited)}\nexport function addedFn() {}\n` }]);
    const after = indexer.graph();
    // Made again (and garbage collected) at every upload, 176k symbols at 20,000 files cost the
    // event loop 100-200 ms pauses: only the edited file's are new (and Go's, made at every
    // build: a method's container may be declared in another file of the package).
    const notGo = (path: string) => !path.endsWith(".go");
    const fresh = after.symbols.filter((s) => before.get(s.id) !== s).map((s) => s.path);
    expect(new Set(fresh.filter(notGo))).toEqual(new Set([edited]));
    const freshContains = after.edges.filter((e) => e.type === "CONTAINS" && !containsBefore.has(e));
    const containers = freshContains.map((e) => e.to.slice("lib:".length).split("#")[0]!);
    expect(new Set(containers.filter(notGo))).toEqual(new Set([edited]));
  });

  it("resolve a name two files declare the same whatever order the files came in", async () => {
    // One type in one JVM package, declared in a Java and a Kotlin file: which one an import names
    // must not depend on upload order, nor on whether the build was incremental.
    const files: [string, string][] = [
      ["a/Order.java", "package shop.model;\npublic class Order {}\n"],
      ["b/Order.kt", "package shop.model\nclass Order\n"],
      [
        "c/Repo.java",
        "package shop.repo;\nimport shop.model.Order;\npublic interface Repo { Order find(); }\n",
      ],
    ];
    const graphOf = async (order: [string, string][]) => {
      const indexer = new CodeIndexer({ repo: "lib" });
      await indexer.update(order.map(([path, content]) => ({ path, content })));
      return sorted(indexer.graph());
    };
    const forward = await graphOf(files);
    expect(forward.edges.filter((e) => e.includes('"IMPORTS"'))).toHaveLength(1);
    expect(await graphOf([...files].reverse())).toEqual(forward);
    const incremental = new CodeIndexer({ repo: "lib" });
    await incremental.update(files.slice(1).map(([path, content]) => ({ path, content })));
    await incremental.update([{ path: files[0]![0], content: files[0]![1] }]);
    expect(sorted(incremental.graph())).toEqual(forward);
  });
});
